import { Toaster as Sonner } from "sonner";

/** Spec §9: notifications show at the top right; the app passes the duration from its constants. */
export function Toaster({ duration }: { duration: number }) {
  return (
    <Sonner
      position="top-right"
      duration={duration}
      closeButton
      toastOptions={{
        classNames: {
          toast: "rounded-md border font-sans shadow-md",
          title: "font-semibold",
          description: "text-sm",
        },
      }}
    />
  );
}

export { toast } from "sonner";
