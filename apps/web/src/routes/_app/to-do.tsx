import { createFileRoute } from "@tanstack/react-router";
import { TodoPage } from "../../features/todo/todo-page";

export const Route = createFileRoute("/_app/to-do")({ component: TodoPage });
