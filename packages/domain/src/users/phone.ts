/** Spec §3: phone numbers display as 3-3-4 digits; a dash when the value does not fit that shape. */
export function formatPhone(phone: string | null | undefined): string {
  const digits = (phone ?? "").trim();
  if (!/^\d{10}$/.test(digits)) return "-";
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}
