// The table as events build it: one reducer for the live public events
// (dice hidden) and for a replay's lines (every die), so the table page and
// the replay viewer show the same things the same way.

/// A fresh model for a table of `seatCount` seats.
export function newModel(seatCount) {
  return {
    count: 0, // events applied
    seats: seatCount,
    order: [],
    game: 0,
    round: 0,
    chips: new Array(seatCount).fill(0),
    pot: 0,
    out: new Set(),
    holder: null, // who holds the dice
    dice: null, // the dice in position order, when known (replays)
    toBeat: null, // { seat, claim, rerolled }
    pendingReroll: null,
    roundActions: [], // { kind: claim|accept|reroll, seat, claim, count }
    challenges: [], // every challenge of the match, in order
    lastChallenge: null,
    gameEnds: [],
    wins: new Array(seatCount).fill(0),
    matchEnd: null,
    log: [], // { event } in order, for narration
  };
}

/// Applies one event (a public event or a replay line) to `m`.
export function apply(m, ev) {
  m.count += 1;
  switch (ev.type) {
    case "seating":
      m.order = ev.order.slice();
      break;
    case "game_start":
      m.game = ev.game;
      m.round = 0;
      m.chips = ev.chips.slice();
      m.pot = 0;
      m.out = new Set(ev.chips.flatMap((c, s) => (c === 0 ? [s] : [])));
      m.lastChallenge = null;
      m.toBeat = null;
      m.roundActions = [];
      m.holder = ev.first;
      m.dice = null;
      break;
    case "round_start":
      m.game = ev.game;
      m.round = ev.round;
      m.holder = ev.starter;
      m.dice = ev.dice || null;
      m.toBeat = null;
      m.pendingReroll = null;
      m.roundActions = [];
      break;
    case "claim":
      m.toBeat = { seat: ev.seat, claim: ev.claim, rerolled: m.pendingReroll };
      m.pendingReroll = null;
      m.roundActions.push({ kind: "claim", seat: ev.seat, claim: ev.claim });
      break;
    case "accept":
      m.holder = ev.seat;
      m.roundActions.push({ kind: "accept", seat: ev.seat });
      break;
    case "reroll": {
      const count = Array.isArray(ev.positions) ? ev.positions.length : ev.count;
      m.pendingReroll = count;
      if (ev.dice) m.dice = ev.dice;
      m.roundActions.push({ kind: "reroll", seat: ev.seat, count, positions: ev.positions });
      break;
    }
    case "challenge":
      m.chips = ev.chips.slice();
      m.pot = ev.pot;
      m.dice = ev.dice;
      m.lastChallenge = ev;
      m.challenges.push(ev);
      m.holder = null;
      break;
    case "penalty":
      if (ev.chips) m.chips = ev.chips.slice();
      if (ev.pot !== undefined && ev.pot !== null) m.pot = ev.pot;
      break;
    case "eliminated":
      m.out.add(ev.seat);
      break;
    case "game_end":
      m.chips[ev.winner] += ev.pot;
      m.pot = 0;
      m.wins[ev.winner] += 1;
      m.gameEnds.push(ev);
      m.holder = null;
      break;
    case "match_end":
      m.wins = ev.wins.slice();
      m.matchEnd = ev;
      m.holder = null;
      break;
    default:
      break;
  }
  if (ev.type !== "match" && ev.type !== "log") m.log.push(ev);
  return m;
}

/// The model after `events`.
export function build(seatCount, events) {
  const m = newModel(seatCount);
  for (const ev of events) apply(m, ev);
  return m;
}

/// A replay file (JSON Lines) as its events; lines that are not JSON are skipped.
export function parseReplay(text) {
  const events = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      events.push(JSON.parse(line));
    } catch {
      // A cut last line: the file is incomplete, the rest still shows.
    }
  }
  return events;
}
