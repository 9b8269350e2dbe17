// Hands at one table: the engine's hand table for the table's rules
// (GET /api/hands: every hand weakest first, with strength, category, words
// and fresh-throw chance), and what the page derives from it — legal claims
// (strictly stronger than the claim to beat), the hand five dice make, and
// exact re-throw odds by enumerating every outcome. This is the only place
// the page decides what beats what.

const LETTERS = "9TJQKA";

/// The canonical notation of five dice: grouped by count, then face, high first.
export function handOfDice(dice) {
  const counts = [0, 0, 0, 0, 0, 0];
  for (const c of dice) counts[LETTERS.indexOf(c)] += 1;
  let out = "";
  for (let n = 5; n >= 1; n -= 1) {
    for (let f = 5; f >= 0; f -= 1) {
      if (counts[f] === n) out += LETTERS[f].repeat(n);
    }
  }
  return out;
}

export class HandTable {
  /// `data` is the answer of /api/hands.
  constructor(data) {
    this.categories = data.categories;
    this.hands = data.hands;
    this.examples = data.example;
    this.byHand = new Map(data.hands.map((h) => [h.hand, h]));
    this.top = data.hands.length ? data.hands[data.hands.length - 1].strength : 0;
  }

  entry(hand) {
    return this.byHand.get(hand);
  }

  strength(hand) {
    const e = this.byHand.get(hand);
    return e ? e.strength : -1;
  }

  /// The hand in words in `lang`.
  words(hand, lang) {
    const e = this.byHand.get(hand);
    return e ? e[lang] || e.en : hand;
  }

  /// A full hand to show as an example of typing a claim, in `lang`.
  example(lang) {
    return this.examples ? this.examples[lang] || this.examples.en : "";
  }

  /// Whether nothing can be claimed over `hand`.
  isTop(hand) {
    return this.strength(hand) === this.top;
  }

  /// Every legal claim over `toBeat` (null: any hand), weakest first.
  legalClaims(toBeat) {
    const floor = toBeat ? this.strength(toBeat) : -1;
    return this.hands.filter((h) => h.strength > floor);
  }

  /// Whether `claim` beats `toBeat` (null: anything goes).
  beats(claim, toBeat) {
    return this.strength(claim) > (toBeat ? this.strength(toBeat) : -1);
  }

  /// The chance that a fresh throw is at least `hand`.
  fresh(hand) {
    const e = this.byHand.get(hand);
    return e ? e.chance : 0;
  }

  /// The chance that throwing `positions` of `dice` again gives at least
  /// `target`: every one of the 6^k outcomes counted.
  rerollChance(dice, positions, target) {
    const need = this.strength(target);
    const k = positions.length;
    const total = 6 ** k;
    const faces = [...dice];
    let hits = 0;
    for (let code = 0; code < total; code += 1) {
      let c = code;
      for (const p of positions) {
        faces[p] = LETTERS[c % 6];
        c = Math.floor(c / 6);
      }
      if (this.strength(handOfDice(faces.join(""))) >= need) hits += 1;
    }
    return hits / total;
  }

  /// The re-throw of `dice` most likely to reach `target`: its positions
  /// and chance (fewest dice among equals; kept dice first when none helps).
  bestReroll(dice, target) {
    let best = { positions: [], chance: -1 };
    for (let mask = 0; mask < 32; mask += 1) {
      const positions = [0, 1, 2, 3, 4].filter((p) => mask & (1 << p));
      const chance = this.rerollChance(dice, positions, target);
      if (
        chance > best.chance + 1e-12 ||
        (Math.abs(chance - best.chance) <= 1e-12 && positions.length < best.positions.length)
      ) {
        best = { positions, chance };
      }
    }
    return best;
  }
}

/// Loads the hand table of a table's rules from the server.
export async function loadHandTable(rules) {
  const q = new URLSearchParams({
    dice: rules.dice,
    straights: rules.straights,
    kickers: String(rules.kickers),
  });
  const response = await fetch(`/api/hands?${q}`);
  if (!response.ok) throw new Error(`hands: ${response.status}`);
  return new HandTable(await response.json());
}

/// Reads a typed claim the way `liar` reads it: { readings: [hand…] } or { error }.
export async function readClaim(text, rules, lang) {
  const q = new URLSearchParams({
    text,
    lang,
    dice: rules.dice,
    straights: rules.straights,
    kickers: String(rules.kickers),
  });
  const response = await fetch(`/api/claim?${q}`);
  if (!response.ok) return { readings: [], error: `claim: ${response.status}` };
  return response.json();
}
