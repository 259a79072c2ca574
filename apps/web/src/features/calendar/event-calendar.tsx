import type { EventStatus } from "@fizio/domain";
import type { DatesSetArg, EventClickArg, EventDropArg } from "@fullcalendar/core";
import esLocale from "@fullcalendar/core/locales/es";
import dayGridPlugin from "@fullcalendar/daygrid";
import interactionPlugin, { type EventResizeDoneArg } from "@fullcalendar/interaction";
import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/timegrid";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { calendarTimeFormat } from "../../lib/time-of-day";
import "./event-calendar.css";

export type CalendarView = "dayGridMonth" | "timeGridWeek" | "timeGridDay";

export interface CalendarEvent {
  id: string;
  title: string;
  startOn: Date;
  endOn: Date;
  status: EventStatus;
}

interface EventCalendarProps {
  events: CalendarEvent[];
  views: CalendarView[];
  initialView: CalendarView;
  onRangeChange: (range: { from: Date; to: Date }) => void;
  onEventClick?: (eventId: string) => void;
  /** Dragging or resizing an event; resolve false (after telling the user why) to put it back. */
  onEventMove?: (eventId: string, startOn: Date, endOn: Date) => Promise<boolean>;
  /** Selecting empty time opens a new event there. */
  onSelect?: (startOn: Date, endOn: Date) => void;
  loading?: boolean;
  /** Days to mark ("YYYY-MM-DD" in the viewer's zone) with a short label and its full reading. */
  markedDays?: ReadonlyMap<string, { label: string; description: string }>;
}

const NARROW = "(max-width: 640px)";

const MARK_PREFIX = "mark:";

/**
 * FullCalendar (MIT plugins) in the app's theme: month, week and day views in the viewer's zone and
 * language. Final statuses are drawn muted and cannot be dragged.
 */
export function EventCalendar({
  events,
  views,
  initialView,
  onRangeChange,
  onEventClick,
  onEventMove,
  onSelect,
  loading,
  markedDays,
}: EventCalendarProps) {
  const { t, i18n } = useTranslation();
  const ref = useRef<FullCalendar>(null);
  // FullCalendar reports its dates again on every re-render; only a real change is passed on.
  const shown = useRef("");
  const frame = useRef<HTMLDivElement>(null);
  // The toolbar's chevrons are icons inside buttons already named by their hints.
  useEffect(() => {
    for (const icon of frame.current?.querySelectorAll(".fc-icon") ?? [])
      icon.setAttribute("aria-hidden", "true");
  });
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const change = () => setNarrow(query.matches);
    query.addEventListener("change", change);
    return () => query.removeEventListener("change", change);
  }, []);
  const viewNames = { dayGridMonth: "month", timeGridWeek: "week", timeGridDay: "day" } as const;
  const move = (info: EventDropArg | EventResizeDoneArg) => {
    const { event } = info;
    if (!onEventMove || !event.start || !event.end) return info.revert();
    void onEventMove(event.id, event.start, event.end).then((ok) => {
      if (!ok) info.revert();
    });
  };
  return (
    <div ref={frame} className="fizio-calendar rounded-md border bg-card p-2 sm:p-3" aria-busy={loading}>
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        initialView={narrow && initialView === "timeGridWeek" ? "timeGridDay" : initialView}
        locales={[esLocale]}
        locale={i18n.language === "es" ? "es" : "en"}
        headerToolbar={{
          left: "prev,next today",
          center: "title",
          right: views.length > 1 ? views.join(",") : "",
        }}
        buttonText={{
          today: t("calendar.views.today"),
          ...Object.fromEntries(views.map((v) => [v, t(`calendar.views.${viewNames[v]}`)])),
        }}
        buttonHints={{
          prev: t("calendar.views.previous"),
          next: t("calendar.views.next"),
          today: t("calendar.views.today"),
        }}
        height="auto"
        nowIndicator
        eventTimeFormat={calendarTimeFormat(i18n.language)}
        slotLabelFormat={calendarTimeFormat(i18n.language)}
        slotMinTime="06:00:00"
        slotMaxTime="22:00:00"
        scrollTime="08:00:00"
        allDaySlot={Boolean(markedDays?.size)}
        allDayText={t("calendar.allDay")}
        dayMaxEvents={3}
        eventDisplay="block"
        editable={Boolean(onEventMove)}
        selectable={Boolean(onSelect)}
        selectMirror
        eventStartEditable={Boolean(onEventMove)}
        eventDurationEditable={Boolean(onEventMove)}
        events={[
          ...events.map((e) => ({
            id: e.id,
            title: e.title,
            start: e.startOn,
            end: e.endOn,
            editable: e.status === "SCHEDULED",
            classNames: [`fizio-event-${e.status.toLowerCase()}`],
          })),
          // Marked days are all-day entries of their own: their text is what they say, and they open nothing.
          ...[...(markedDays ?? [])].map(([date, mark]) => ({
            id: `${MARK_PREFIX}${date}`,
            title: mark.label,
            start: date,
            allDay: true,
            editable: false,
            classNames: ["fizio-marked-day"],
            extendedProps: { description: mark.description },
          })),
        ]}
        datesSet={(arg: DatesSetArg) => {
          const key = `${arg.start.getTime()}-${arg.end.getTime()}`;
          if (key === shown.current) return;
          shown.current = key;
          onRangeChange({ from: arg.start, to: arg.end });
        }}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          if (!arg.event.id.startsWith(MARK_PREFIX)) onEventClick?.(arg.event.id);
        }}
        eventDidMount={(arg) => {
          if (arg.event.id.startsWith(MARK_PREFIX)) {
            arg.el.setAttribute("title", arg.event.extendedProps.description);
            arg.el.setAttribute("data-marked-day", "");
            return;
          }
          // Events open by keyboard too; their visible time and title are their name.
          arg.el.setAttribute("role", "button");
          arg.el.setAttribute("tabindex", "0");
          arg.el.addEventListener("keydown", (key) => {
            if (key.key === "Enter" || key.key === " ") {
              key.preventDefault();
              onEventClick?.(arg.event.id);
            }
          });
        }}
        // A day cell is named by its date link alone, so a screen reader heard "December 4" for a cell that shows
        // "4 Exercises" (axe: label-content-name-mismatch); unnamed, the cell reads what it shows.
        dayCellDidMount={(arg) => arg.el.removeAttribute("aria-labelledby")}
        eventDrop={move}
        eventResize={move}
        select={(arg) => {
          onSelect?.(arg.start, arg.end);
          ref.current?.getApi().unselect();
        }}
      />
    </div>
  );
}
