import {
  type AnalysisResult,
  type Answers,
  type ClinicContact,
  clinicContactLines,
  type PlanStatus,
  type Question,
  type RomMovement,
} from "@fizio/domain";
import { documentTexts, type Locale, uiMessages } from "@fizio/i18n";
import PDFDocument from "pdfkit";

export interface DocumentContent {
  locale: Locale;
  title: string;
  /** Who issues the document: its name and contact details head the first page and foot every page. */
  clinic: ClinicContact;
  patient: { name: string; dateOfBirth: string | null };
  generatedAt: Date;
  timeZone: string;
  assessments: {
    name: string;
    submittedAt: Date | null;
    questions: Question[];
    answers: Answers | null;
    /** A range-of-motion assessment's movements with what was measured; none for a questionnaire. */
    movements: RomMovement[];
  }[];
  plans: {
    name: string;
    status: PlanStatus;
    longTermGoal: string | null;
    diagnosis: string | null;
    sessions: { date: string; activities: { name: string; reps: number | null; sets: number | null }[] }[];
  }[];
  results: { recordingDate: Date; activity: string; result: AnalysisResult | null }[];
}

const MARGIN = 50;

const answerText = (value: unknown): string =>
  Array.isArray(value) ? value.join(", ") : value === null || value === undefined ? "" : String(value);

/**
 * The document as PDF bytes (pdfkit, its built-in Helvetica: Latin text with Spanish accents, no font files to
 * ship). Sections: the patient, each assessment's questions and answers (a range-of-motion one's measured joints),
 * each plan's sessions and activities, and the latest per-joint results as a table; page numbers in the footer.
 */
export function renderDocumentPdf(content: DocumentContent): Promise<Buffer> {
  const t = documentTexts[content.locale];
  const ui = uiMessages[content.locale].videos;
  const day = (d: Date | string) =>
    new Intl.DateTimeFormat(content.locale === "es" ? "es-US" : "en-US", {
      dateStyle: "medium",
      timeZone: typeof d === "string" ? "UTC" : content.timeZone,
    }).format(typeof d === "string" ? new Date(`${d}T00:00:00Z`) : d);
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: content.title },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const heading = (text: string, size = 14) => {
    doc.moveDown(0.8).font("Helvetica-Bold").fontSize(size).text(text).moveDown(0.3);
    doc.font("Helvetica").fontSize(10);
  };

  const [clinicName, ...clinicDetails] = clinicContactLines(content.clinic);
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor("#333")
    .text(clinicName ?? "");
  doc.font("Helvetica").fontSize(9).fillColor("#555");
  for (const line of clinicDetails) doc.text(line);
  doc.moveDown(0.4);
  doc.fillColor("#000").font("Helvetica-Bold").fontSize(18).text(content.title).moveDown(0.4);
  doc.font("Helvetica").fontSize(10);
  doc.text(`${t.patient}: ${content.patient.name}`);
  if (content.patient.dateOfBirth) doc.text(`${t.dateOfBirth}: ${day(content.patient.dateOfBirth)}`);
  doc.text(`${t.generated}: ${day(content.generatedAt)}`);

  if (content.assessments.length) {
    heading(t.assessments, 15);
    for (const a of content.assessments) {
      heading(a.name, 12);
      doc.fillColor("#555").text(a.submittedAt ? `${t.submitted}: ${day(a.submittedAt)}` : t.notSubmitted);
      doc.fillColor("#000").moveDown(0.3);
      for (const q of a.questions) {
        const answer = answerText(a.answers?.[q.id]);
        doc.font("Helvetica-Bold").text(q.text);
        doc
          .font("Helvetica")
          .text(answer || t.notAnswered, { indent: 12 })
          .moveDown(0.3);
      }
      for (const m of a.movements) {
        doc.font("Helvetica-Bold").text(m.name).font("Helvetica");
        if (m.joints.length === 0) doc.text(t.notMeasured, { indent: 12 });
        for (const j of m.joints) {
          const measured = j.measured
            ? t.rangeOfMotion(
                Math.round(j.measured.range),
                Math.round(j.measured.min),
                Math.round(j.measured.max),
              )
            : t.notMeasured;
          doc.text(`${ui.joints[j.joint]} (${ui.sides[j.side]}): ${measured}`, { indent: 12 });
        }
        doc.moveDown(0.3);
      }
    }
  }

  if (content.plans.length) {
    heading(t.plans, 15);
    for (const p of content.plans) {
      heading(`${p.name} (${t.planStatuses[p.status]})`, 12);
      if (p.longTermGoal) doc.text(`${t.goal}: ${p.longTermGoal}`);
      if (p.diagnosis) doc.text(`${t.diagnosis}: ${p.diagnosis}`);
      p.sessions.forEach((s, i) => {
        doc
          .moveDown(0.3)
          .font("Helvetica-Bold")
          .text(t.session(i + 1, day(s.date)));
        doc.font("Helvetica");
        for (const a of s.activities)
          doc.text(`• ${a.name}${a.reps && a.sets ? ` — ${t.reps(a.reps, a.sets)}` : ""}`, { indent: 12 });
      });
    }
  }

  heading(t.results, 15);
  const rows = content.results.flatMap((r) =>
    (r.result?.joints ?? []).map((j) => [
      day(r.recordingDate),
      r.activity,
      `${ui.joints[j.joint]} (${ui.sides[j.side]})`,
      j.measured ? `${Math.round(j.measured.min)}–${Math.round(j.measured.max)}` : "-",
      j.meanAbsError === null ? "-" : j.meanAbsError.toFixed(1),
      j.withinTolerance === null ? "-" : `${Math.round(j.withinTolerance * 100)} %`,
    ]),
  );
  if (rows.length === 0) doc.text(t.noResults);
  else table(doc, Object.values(t.columns), rows);

  // The footer sits in the bottom margin, where pdfkit would start a new page for any text: the margin is
  // lifted while it is written, so each page keeps its own number and no page is added.
  footers(
    doc,
    [content.clinic.name, content.clinic.phone, content.clinic.email].filter(Boolean).join(" · "),
    (page, count) => t.page(page, count),
  );
  doc.end();
  return done;
}

/**
 * Each page's footer: who issued it on the left, its number on the right. The footer sits in the bottom margin,
 * where pdfkit would start a new page for any text: the margin is lifted while it is written, so each page keeps
 * its own number and no page is added.
 */
function footers(
  doc: PDFKit.PDFDocument,
  issuer: string,
  pageLabel: (page: number, count: number) => string,
) {
  const range = doc.bufferedPageRange();
  const width = doc.page.width - 2 * MARGIN;
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const { bottom } = doc.page.margins;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 15;
    doc.fontSize(8).fillColor("#777");
    doc.text(issuer, MARGIN, y, { width: width - 80, align: "left", lineBreak: false, ellipsis: true });
    doc.text(pageLabel(i + 1, range.count), MARGIN, y, { width, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** A plain table: bold header, rows that start a new page (with the header again) when the page is full. */
function table(doc: PDFKit.PDFDocument, header: string[], rows: string[][]) {
  const widths = [70, 110, 100, 70, 75, 87];
  const drawRow = (cells: string[], bold: boolean) => {
    const y = doc.y;
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i]! - 6 }))) + 6;
    if (y + height > doc.page.height - MARGIN - 10) {
      doc.addPage();
      if (!bold) drawRow(header, true);
      return drawRow(cells, bold);
    }
    let x = MARGIN;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    cells.forEach((c, i) => {
      doc.text(c, x + 3, y + 3, { width: widths[i]! - 6 });
      x += widths[i]!;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + widths.reduce((a, b) => a + b, 0), y + height)
      .strokeColor("#ccc")
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  drawRow(header, true);
  for (const r of rows) drawRow(r, false);
  doc.font("Helvetica").fontSize(10);
}
