import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "../../features/home/home-page";
import { useSession } from "../../features/session/use-session";

export const Route = createFileRoute("/_app/home")({ component: Home });

function Home() {
  const user = useSession().data?.user;
  return user ? <HomePage user={user} /> : null;
}
