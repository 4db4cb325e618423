// The lobby's tournament form: open a tournament clock and go to it as the host.
import { wholeNumber } from "./words.js";
import { sharesOf } from "./shares.js";
import { openFrom } from "./opening.js";

const form = document.getElementById("new-tournament");
const error = document.getElementById("tournament-error");

openFrom(form, error, "/api/tournaments", (f) => {
  const stack = String(f.get("starting_stack") || "").trim();
  const body = {
    name: f.get("name"), preset: f.get("preset"), buy_in: wholeNumber(f.get("buy_in") || "0", "The buy-in"),
    late_registration_level: wholeNumber(f.get("late_registration_level") || "0", "The late registration level", { max: 100 }),
    table_size: wholeNumber(f.get("table_size") || "9", "Seats a table", { min: 3, max: 10 }),
    bounty: wholeNumber(f.get("bounty") || "0", "The bounty"),
    rebuy_level: wholeNumber(f.get("rebuy_level") || "0", "The last rebuy level", { max: 100 }),
    add_on_price: wholeNumber(f.get("add_on_price") || "0", "The add-on's price"),
    add_on_chips: wholeNumber(f.get("add_on_chips") || "0", "The add-on's chips"),
    dealt: f.get("dealt") === "on",
  };
  if (stack) body.starting_stack = wholeNumber(stack, "The starting stack", { min: 1 });
  const shares = sharesOf(String(f.get("payouts") || ""));
  if (shares) body.payouts = shares;
  return body;
}, (detail) => String(detail || "The server refused the settings."));
