// The words a player reads for a game's house rules, by the engine's names: each rule's label, what its
// choices are called and a one-line hint. The dealer's chooser (choose.js) and the host's "Set game"
// form (host.js) both speak from here, so "split='high-low'" is "Hi-lo" on every screen.

// The split words, by the engine's value (the chooser's variants use them too).
export const SPLITS = { high: "High", "high-low": "Hi-lo", declare: "Declare" };

const YES_NO = { true: "Yes", false: "No" };

// rule: [label, choices by value (or null for a number or a list), hint]
const RULES = {
  split: ["Pot goes to", SPLITS, "High: the best hand; Hi-lo: the best high and the best low share it; Declare: each player says which half they play for"],
  low: ["Low hands", { a5: "Ace to five", a6: "Ace to six", 27: "Deuce to seven" }, "how a low hand is ranked: ace to five counts the wheel best"],
  qualifier: ["Low qualifies with", null, "the highest card a low may hold, 5 to 14 (blank: any low; 8 in Hi-lo)"],
  swing_ties: ["Both ways wins with a tie", YES_NO, "a player who declares both ways still wins when one half is tied"],
  pass_direction: ["Pass to the", { left: "Left", right: "Right" }, "which way the passed cards go"],
  burn: ["Dealer burns a card", YES_NO, "a card is put aside before each round of cards is dealt"],
  passes: ["Cards passed each time", null, "how many cards each pass moves, in order, such as 4,3,2,1 or 3,2,1"],
  pass_distance: ["Pass how many seats over", null, "1 is the next player, 2 the one after, up to 6"],
  keep: ["Cards kept", null, "how many cards each player keeps, 5 to 7"],
  declare_after: ["Declare after cards up", null, "how many cards are turned up before the declare (blank: all but one)"],
  roll_opener: ["Who turns up first", { "best-showing": "Best hand showing", positional: "First after the button" }, "who starts each roll of cards"],
  showdown_cards_count: ["Last cards play at the showdown", YES_NO, "the cards turned last count in the final hand"],
  first_to_act: ["Who bets first", { "best-showing": "Best hand showing", positional: "First after the button" }, "who opens each betting round"],
  draw_max: ["Most cards drawn", null, "how many cards a player may swap in a draw, 1 to 5"],
  openers: ["To open the betting", { any: "Any hand", jacks: "Jacks or better" }, "with antes: the hand a player needs to open"],
  spade: ["The spade half goes to", { high: "Highest spade in the hole", low: "Lowest spade in the hole" }, "who wins the spade half of the pot"],
  discard: ["Discard", { "before-betting": "Before the betting", "after-betting": "After the betting" }, "when the extra card is thrown away"],
  four_price: ["Price of the extra card for a face-up 4", null, "chips a player pays for the extra card (0: free)"],
  three_up: ["A face-up 3", { "match-pot": "Match the pot or fold", fold: "Folds the hand", free: "Is simply wild" }, "what a 3 dealt face up costs"],
  trips_beat_straight: ["Three of a kind beats a straight", YES_NO, "as some rooms play; otherwise a straight beats three of a kind"],
};

// A rule's label ("Pot goes to"), falling back to its name in words for a rule this page does not know.
export function ruleLabel(key) {
  return RULES[key] ? RULES[key][0] : key.replace(/_/g, " ");
}

// A rule's hint for a tooltip ("" for a rule this page does not know).
export function ruleHint(key) {
  return RULES[key] ? RULES[key][2] : "";
}

// What a choice of a rule is called ("Hi-lo" for split "high-low"; "Yes" for true).
export function choiceWord(key, value) {
  const words = RULES[key] && RULES[key][1];
  return (words && words[String(value)]) || String(value);
}
