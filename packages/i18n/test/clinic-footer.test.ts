import { describe, expect, it } from "vitest";
import { renderEventEmail, renderNotification, withClinicFooter } from "../src";

const clinic = [
  "Riverside Physical Therapy",
  "12 Main St, Springfield, IL",
  "+1 555 010 2030 · desk@riverside.example",
];

describe("the clinic's footer on its emails", () => {
  it("signs a notification with the clinic's contact details, escaped in HTML", () => {
    const email = withClinicFooter(
      renderNotification("planAssigned", "es", {
        name: "Ana",
        about: "Rodilla",
        url: "https://app.test/todo",
      }),
      [...clinic, "Smith & <Sons>"],
    );
    expect(email.text).toContain(
      "--\nRiverside Physical Therapy\n12 Main St, Springfield, IL\n+1 555 010 2030",
    );
    expect(email.html).toContain("Riverside Physical Therapy<br>12 Main St, Springfield, IL<br>");
    expect(email.html).toContain("Smith &#38; &#60;Sons&#62;");
    expect(email.sms).not.toContain("Riverside");
  });

  it("signs an appointment email, and leaves an email alone when the clinic gave nothing", () => {
    const event = renderEventEmail("booked", "en", {
      name: "Alex",
      what: "Evaluation",
      when: "Monday",
      with: "Dr. Lee",
    });
    expect(withClinicFooter(event, clinic).html).toContain("desk@riverside.example");
    expect(withClinicFooter(event, [])).toBe(event);
  });
});
