import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "../cn";
import { Button } from "./button";

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Spec §9 'from-to of total items', already localised by the caller. */
  summary: (range: { from: number; to: number; total: number }) => string;
  label: string;
  previousLabel: string;
  nextLabel: string;
  className?: string;
}

export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  summary,
  label,
  previousLabel,
  nextLabel,
  className,
}: PaginationProps) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={cn("flex items-center justify-between gap-3 py-3 text-sm", className)} aria-label={label}>
      <p className="text-muted-foreground" aria-live="polite">
        {summary({ from, to, total })}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1}
          aria-label={previousLabel}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={page >= lastPage}
          aria-label={nextLabel}
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
