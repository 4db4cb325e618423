// Payout shares typed by a host: "50 30 20" (or "50, 30, 20") as whole per cent; blank: the default by entries.
import { wholeNumber } from "./words.js";

export function sharesOf(text) {
  const words = String(text).split(/[\s,;]+/).filter(Boolean);
  if (!words.length) return null;
  return words.map((w) => wholeNumber(w, "A payout share", { max: 100 }));
}
