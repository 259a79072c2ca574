export function Brand() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-primary">
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden>
        <rect width="32" height="32" rx="3" fill="currentColor" />
        <path d="M10 8h13v4h-8.5v3H21v4h-6.5v7H10z" fill="#fff" />
      </svg>
      Fizio
    </span>
  );
}
