// The web table: the lobby and the table page over one WebSocket (/ws),
// speaking the protocol of docs/online.md. The page holds no rules of its
// own: hands come from hands.js, events are folded by model.js, words
// come from i18n.js.

import {
  count,
  initialLang,
  percent,
  safeGet,
  safeSet,
  shownFaces,
  tr,
} from "./i18n.js";
import { handOfDice, loadHandTable, readClaim } from "./hands.js";
import { apply, build, parseReplay } from "./model.js";
import { dieLabel, dieSvg } from "./dice.js";

const PROTOCOL = 2;

const S = {
  lang: initialLang(),
  ws: null,
  online: false,
  retryIn: 0,
  retryDelay: 500,
  presets: [],
  tables: [],
  recent: [], // the latest finished matches (`/api/matches`), newest first
  recentDue: null, // a timer that loads them again
  page: parsePage(),
  table: null, // TableSummary of the table this page is at
  you: null,
  watching: false,
  model: null,
  hands: null,
  refusals: null, // { code: { en, ru } }
  handsKey: "",
  question: null, // { turn, view, until }
  sent: null, // the question number answered and not yet confirmed
  shownTurn: null, // the question last scrolled into view
  turn: null, // { seat, kind, until }
  notice: null, // { text, kind: error|info }
  oddsOpen: false,
  picks: new Set(),
  claimCategory: null,
  claimHand: null,
  typed: "",
  readings: null,
  matchEnd: null,
  replay: null, // { events, step }
  replayText: null,
  presetChoice: "",
  newName: "",
  name: safeGet("liar:name") || "",
  copied: null,
  welcomes: 0, // connections the server has welcomed
};

function parsePage() {
  const m = /^\/table\/(\d+)\/?$/.exec(location.pathname);
  if (!m) return { kind: "lobby" };
  const seat = new URLSearchParams(location.search).get("seat");
  const n = seat === null ? null : Number.parseInt(seat, 10);
  return { kind: "table", id: Number(m[1]), seat: Number.isInteger(n) && n >= 1 ? n - 1 : null };
}

// ---------------------------------------------------------------- helpers

const t = (key, params) => tr(S.lang, key, params);

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else if (v === true) node.setAttribute(k, "");
    else node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return node;
}

/// Appends the children that are there (null, false and undefined are skipped).
function add(parent, ...children) {
  for (const c of children.flat()) {
    if (c !== null && c !== undefined && c !== false) parent.append(c);
  }
  return parent;
}

function kbd(key) {
  return h("kbd", { "aria-hidden": "true" }, key);
}

function tokenKey(table) {
  return `liar:seat:${location.host}:${table}`;
}

function savedSeat(table) {
  try {
    return JSON.parse(safeGet(tokenKey(table)) || "null");
  } catch {
    return null;
  }
}

function seatName(seat) {
  const info = S.table && S.table.seats[seat];
  const name = info && info.name ? info.name : t("seat", { n: seat + 1 });
  return seat === S.you ? `${name} (${t("you")})` : name;
}

function shortName(seat) {
  const info = S.table && S.table.seats[seat];
  return info && info.name ? info.name : t("seat", { n: seat + 1 });
}

function rules() {
  return S.table ? S.table.rules : { dice: "poker", straights: "below-full-house", kickers: true };
}

/// A hand as the terminal writes it: words, then notation in the player's labels.
function handText(hand) {
  const words = S.hands ? S.hands.words(hand, S.lang) : hand;
  return `${words} (${shownFaces(S.lang, rules().dice, hand)})`;
}

function send(msg) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(msg));
}

function go(path) {
  history.pushState(null, "", path);
  S.page = parsePage();
  enterPage();
  render();
}

// ------------------------------------------------------------- connection

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  S.ws = ws;
  ws.addEventListener("open", () => {
    S.online = true;
    S.retryDelay = 500;
    send({ type: "hello", protocol: PROTOCOL });
    render();
  });
  ws.addEventListener("message", (e) => {
    let msg;
    try {
      msg = JSON.parse(e.data);
    } catch {
      return;
    }
    onMessage(msg);
  });
  ws.addEventListener("close", () => {
    if (S.ws !== ws) return;
    S.online = false;
    S.ws = null;
    const delay = S.retryDelay;
    S.retryDelay = Math.min(delay * 2, 10000);
    S.retryIn = Math.ceil(delay / 1000);
    render();
    setTimeout(connect, delay);
  });
}

/// What to ask for on this page once the server has said welcome.
function enterPage() {
  if (!S.online) return;
  S.notice = null;
  S.missing = false;
  if (S.page.kind === "lobby") {
    S.table = null;
    S.you = null;
    S.model = null;
    S.question = null;
    S.turn = null;
    S.matchEnd = null;
    S.replay = null;
    S.watching = false;
    send({ type: "list_tables" });
    loadRecent();
    return;
  }
  // A seat taken before comes back; otherwise the table is watched, and
  // its open seats can be taken from there.
  const saved = savedSeat(S.page.id);
  if (saved && saved.token) {
    send({ type: "resume", table: S.page.id, token: saved.token });
  } else {
    send({ type: "spectate", table: S.page.id });
  }
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      // A new connection: an answer sent on the old one may be lost, so the
      // question is open again (the server ignores an answer given twice).
      S.sent = null;
      S.welcomes += 1;
      S.presets = msg.presets || [];
      if (!S.presetChoice && S.presets.length) S.presetChoice = S.presets[0];
      enterPage();
      break;
    case "tables":
      S.tables = msg.tables || [];
      break;
    case "table_update":
      S.tables = S.tables.filter((tb) => tb.id !== msg.table.id).concat([msg.table]);
      S.tables.sort((a, b) => a.id - b.id);
      break;
    case "table_gone":
      S.tables = S.tables.filter((tb) => tb.id !== msg.table);
      if (msg.reason === "finished" && S.page.kind === "lobby") loadRecentSoon();
      if (msg.reason === "expired" && S.page.kind === "table" && S.page.id === msg.table) {
        S.table = null;
        S.missing = true;
        S.notice = { kind: "info", text: t("tableExpired") };
      }
      break;
    case "seated":
      safeSet(tokenKey(msg.table), JSON.stringify({ token: msg.token, seat: msg.seat }));
      S.you = msg.seat;
      if (S.page.kind !== "table" || S.page.id !== msg.table) {
        history.pushState(null, "", `/table/${msg.table}`);
        S.page = parsePage();
      }
      break;
    case "state":
      onState(msg);
      break;
    case "event":
      onEvent(msg.index, msg.event);
      break;
    case "turn":
      S.turn = { seat: msg.seat, kind: msg.kind, until: until(msg.deadline_ms) };
      if (msg.seat !== S.you) S.question = null;
      break;
    case "your_turn":
      setQuestion(msg);
      break;
    case "match_end":
      S.matchEnd = msg;
      S.question = null;
      S.turn = null;
      S.scrollToSummary = true;
      break;
    case "error":
      onError(msg);
      break;
    default:
      break;
  }
  render();
}

function onState(state) {
  const table = state.table;
  const first = !S.table || S.table.id !== table.id;
  if (S.page.kind !== "table" || S.page.id !== table.id) {
    // A table just opened (its creator watches it) or a seat just taken.
    history.pushState(null, "", `/table/${table.id}`);
    S.page = parsePage();
  }
  S.table = table;
  S.you = state.you ?? null;
  S.watching = S.you === null;
  S.model = build(table.seats.length, state.events || []);
  S.turn = state.turn
    ? { seat: state.turn.seat, kind: state.turn.kind, until: until(state.turn.deadline_ms) }
    : null;
  if (state.your_turn) setQuestion(state.your_turn);
  else S.question = null;
  if (first) S.replay = null;
  if (table.phase === "finished" && !S.matchEnd) findReplay(table.id);
  ensureHands();
}

function onEvent(index, ev) {
  if (!S.model) return;
  if (index < S.model.count) return; // already have it
  if (index > S.model.count) {
    // A gap: ask for the whole view again.
    enterPage();
    return;
  }
  apply(S.model, ev);
  if (ev.type === "penalty" && ev.seat === S.you) S.question = null;
  if (ev.seat === S.you || ev.type === "challenge" || ev.type === "round_start") {
    if (S.sent !== null && S.question && S.question.turn === S.sent) S.question = null;
  }
  if (ev.type === "challenge" || ev.type === "penalty" || ev.type === "game_end") S.turn = null;
  announce(narrate(ev));
}

function setQuestion(q) {
  if (S.question && S.question.turn === q.turn) {
    // The same question again (a state sent because seats changed): keep
    // the dice picked, the claim chosen and what is typed.
    S.question = { turn: q.turn, view: q.view, until: until(q.deadline_ms) };
    S.turn = { seat: q.view.seat, kind: q.view.decision, until: S.question.until };
    return;
  }
  S.question = { turn: q.turn, view: q.view, until: until(q.deadline_ms) };
  S.sent = null;
  S.picks = new Set();
  S.readings = null;
  S.notice = null;
  S.claimCategory = null;
  S.claimHand = null;
  S.typed = "";
  const typed = document.getElementById("typed");
  if (typed) typed.value = "";
  S.turn = { seat: q.view.seat, kind: q.view.decision, until: S.question.until };
}

function onError(msg) {
  if (msg.code === "bad_token" && S.page.kind === "table") {
    safeSet(tokenKey(S.page.id), null);
    S.you = null;
    send({ type: "spectate", table: S.page.id });
  }
  if (msg.code === "unknown_table" && S.page.kind === "table") S.missing = true;
  if (msg.code === "illegal" || msg.code === "not_your_turn") S.sent = null;
  // The refusal in the page's words (as `liar join` says it), then the
  // server's own detail.
  const known = S.refusals && S.refusals[msg.code];
  const why = known ? `${known[S.lang] || known.en} (${msg.message})` : msg.message;
  const text = msg.code === "illegal" && S.refusal ? S.refusal : why;
  S.notice = { kind: "error", text: `${t("errorPrefix")}: ${text}` };
}

/// The latest finished matches, for the lobby (`/api/matches`).
async function loadRecent() {
  try {
    const response = await fetch("/api/matches");
    if (!response.ok) return;
    S.recent = (await response.json()).slice(-10).reverse();
    render();
  } catch {
    // The lobby shows no recent matches then.
  }
}

/// The recent matches again, at most every 5 s however many end: on a busy
/// server every lobby page would otherwise ask at every match's end.
function loadRecentSoon() {
  if (S.recentDue) return;
  S.recentDue = setTimeout(() => {
    S.recentDue = null;
    if (S.page.kind === "lobby") loadRecent();
  }, 5000);
}

/// What each refusal code means, in both languages (`/api/refusals`).
async function loadRefusals() {
  try {
    const response = await fetch("/api/refusals");
    if (response.ok) S.refusals = await response.json();
  } catch {
    // Refusals are shown in the server's own words instead.
  }
}

/// The replay of a match that ended before this page came (`/api/matches`).
async function findReplay(id) {
  try {
    const response = await fetch("/api/matches");
    if (!response.ok) return;
    const record = (await response.json()).find((r) => r.id === id);
    if (record && !S.matchEnd) {
      S.matchEnd = { wins: record.wins, aborted: record.aborted, replay: record.replay };
      render();
    }
  } catch {
    // No replay to offer: the summary still shows.
  }
}

async function ensureHands() {
  if (!S.table) return;
  const r = S.table.rules;
  const key = `${r.dice}/${r.straights}/${r.kickers}`;
  if (S.handsKey === key) return;
  S.handsKey = key;
  try {
    S.hands = await loadHandTable(r);
  } catch {
    S.handsKey = "";
  }
  render();
}

// ------------------------------------------------------------- narration

function announce(text) {
  const live = document.getElementById("live");
  if (live && text) live.textContent = text;
}

function narrate(ev) {
  const name = (s) => shortName(s);
  switch (ev.type) {
    case "seating":
      return t("turnOrder", { order: ev.order.map(name).join(" → ") });
    case "game_start":
      return t("gameBegins", { game: ev.game, name: name(ev.first) });
    case "round_start":
      return t("roundBegins", { round: ev.round, name: name(ev.starter) });
    case "claim":
      return t("claims", { name: name(ev.seat), claim: handText(ev.claim) });
    case "accept":
      return t("accepts", { name: name(ev.seat) });
    case "reroll": {
      const n = Array.isArray(ev.positions) ? ev.positions.length : ev.count;
      return n === 0
        ? t("rerollsNone", { name: name(ev.seat) })
        : t("rerolls", { name: name(ev.seat), dice: count(S.lang, n, "die") });
    }
    case "challenge":
      return [
        t("challenges", { challenger: name(ev.seat), claimer: name(ev.claimer), claim: handText(ev.claim) }),
        t("revealed", { hand: handText(handOfDice(ev.dice)) }),
        t(ev.claim_true ? "claimHeld" : "claimFailed", { loser: name(ev.loser) }),
      ].join(" ");
    case "penalty":
      return t("penalty", {
        name: name(ev.seat),
        why: t(`reason_${ev.reason}`),
        what: t(`action_${ev.action}`),
      });
    case "eliminated":
      return t("eliminated", { name: name(ev.seat) });
    case "game_end":
      return t("gameWon", { name: name(ev.winner), game: ev.game, chips: count(S.lang, ev.pot, "chip") });
    case "match_end":
      return t(ev.aborted ? "matchStopped" : "matchOver", { wins: winsText(ev.wins) });
    case "match":
      return t("replayStart");
    case "log":
      return t("botLog", { name: name(ev.seat), text: ev.text });
    default:
      return "";
  }
}

function winsText(wins) {
  return wins.map((w, s) => `${shortName(s)} ${w}`).join(" · ");
}

// --------------------------------------------------------------- actions

function decide(decision) {
  if (!S.question || S.sent !== null) return;
  S.sent = S.question.turn;
  S.notice = null;
  send({ type: "decide", turn: S.question.turn, decision });
  render();
}

function kind() {
  return S.question && S.sent === null && S.online ? S.question.view.decision : null;
}

function believe() {
  const q = S.question;
  if (kind() !== "respond" || !q.view.to_beat || !S.hands || S.hands.isTop(q.view.to_beat.claim)) return;
  decide({ kind: "accept" });
}

function disbelieve() {
  if (kind() === "respond") decide({ kind: "challenge" });
}

function togglePick(p) {
  if (kind() !== "reroll") return;
  if (S.picks.has(p)) S.picks.delete(p);
  else S.picks.add(p);
  render();
}

function throwDice() {
  if (kind() !== "reroll") return;
  decide({ kind: "reroll", positions: [...S.picks].sort() });
}

function pickerChoice() {
  if (!S.hands || !S.question) return null;
  const toBeat = S.question.view.to_beat ? S.question.view.to_beat.claim : null;
  const legal = S.hands.legalClaims(toBeat);
  if (!legal.length) return null;
  const cats = S.hands.categories.filter((c) => legal.some((l) => l.category === c.id));
  // Until the player picks, the picker offers what the dice show when
  // that is a legal claim, else the lowest legal claim.
  const dice = S.question.view.dice;
  const own = dice ? S.hands.entry(handOfDice(dice)) : null;
  const ownLegal = own && legal.includes(own) ? own : null;
  const fallback = ownLegal ? ownLegal.category : cats[0].id;
  const cat = cats.some((c) => c.id === S.claimCategory) ? S.claimCategory : fallback;
  const inCat = legal.filter((l) => l.category === cat);
  const preferred = S.claimHand ?? (ownLegal && ownLegal.category === cat ? ownLegal.hand : null);
  const hand = inCat.some((l) => l.hand === preferred) ? preferred : inCat[0].hand;
  return { legal, cats, cat, inCat, hand };
}

function claimPicked() {
  if (kind() !== "claim") return;
  const c = pickerChoice();
  if (c) decide({ kind: "claim", claim: c.hand });
}

async function claimTyped() {
  if (kind() !== "claim" || !S.typed.trim()) return;
  const answer = await readClaim(S.typed, rules(), S.lang);
  if (answer.error || !answer.readings.length) {
    S.readings = null;
    S.notice = { kind: "error", text: answer.error || "?" };
  } else if (answer.readings.length === 1) {
    S.readings = null;
    sendClaim(answer.readings[0]);
    return;
  } else {
    S.readings = answer.readings;
    S.notice = null;
  }
  render();
}

function sendClaim(hand) {
  // The server decides; a claim too low comes back as error{illegal}.
  const toBeat = S.question && S.question.view.to_beat ? S.question.view.to_beat.claim : null;
  S.refusal = null;
  if (S.hands && toBeat && !S.hands.beats(hand, toBeat)) {
    // Said in the player's language when the server refuses it.
    S.refusal = t("tooLow", { claim: handText(hand), toBeat: handText(toBeat) });
  }
  S.readings = null;
  decide({ kind: "claim", claim: hand });
}

function setLang(lang) {
  S.lang = lang;
  safeSet("liar:lang", lang);
  render();
}

function takeSeat(table, seat) {
  const name = S.name.trim();
  if (!name) {
    S.notice = { kind: "error", text: t("yourName") };
    render();
    const input = document.getElementById("name");
    if (input) input.focus();
    return;
  }
  safeSet("liar:name", name);
  send({ type: "take_seat", table, seat, name });
}

function watch(table) {
  go(`/table/${table}`);
}

function leave() {
  send({ type: "leave" });
  if (S.page.kind === "table") safeSet(tokenKey(S.page.id), null);
  go("/");
}

async function openReplay() {
  if (!S.matchEnd) return;
  if (!S.replayText) {
    const response = await fetch(S.matchEnd.replay);
    if (!response.ok) return;
    S.replayText = await response.text();
  }
  const events = parseReplay(S.replayText);
  S.replay = { events, step: events.length };
  render();
}

function step(to) {
  if (!S.replay) return;
  S.replay.step = Math.max(0, Math.min(S.replay.events.length, to));
  render();
  const live = S.replay.events[S.replay.step - 1];
  if (live) announce(narrate(live));
}

// -------------------------------------------------------------- keyboard

document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName);
  if (typing) {
    if (e.key === "Escape") e.target.blur();
    return;
  }
  if (S.replay) {
    const map = {
      ArrowLeft: () => step(S.replay.step - 1),
      ArrowRight: () => step(S.replay.step + 1),
      Home: () => step(0),
      End: () => step(S.replay.events.length),
      Escape: () => {
        S.replay = null;
        render();
      },
    };
    if (map[e.key]) {
      e.preventDefault();
      map[e.key]();
      return;
    }
  }
  const digit = /^Digit([1-5])$/.exec(e.code);
  if (digit) {
    togglePick(Number(digit[1]) - 1);
    return;
  }
  const actions = {
    KeyB: believe,
    KeyD: disbelieve,
    KeyT: throwDice,
    KeyC: claimPicked,
    KeyO: () => {
      S.oddsOpen = !S.oddsOpen;
      render();
    },
    KeyL: () => setLang(S.lang === "en" ? "ru" : "en"),
    Slash: () => {
      const input = document.getElementById("typed");
      if (input) input.focus();
    },
  };
  if (actions[e.code]) {
    e.preventDefault();
    actions[e.code]();
  }
});

window.addEventListener("popstate", () => {
  S.page = parsePage();
  enterPage();
  render();
});

// ------------------------------------------------------------- rendering

/// A drop-down list's choices, values and words, as one string.
function choices(list) {
  return JSON.stringify([...list.options].map((o) => [o.value, o.textContent]));
}

function render() {
  document.documentElement.lang = S.lang;
  const mark = S.question && S.sent === null ? `▶ ${t("yourTurn")} · ` : "";
  document.title = S.table ? `${mark}${S.table.name} · ${t("title")}` : t("title");
  const app = document.getElementById("app");
  const focused = document.activeElement && document.activeElement.id;
  const selection =
    document.activeElement && "selectionStart" in document.activeElement
      ? [document.activeElement.selectionStart, document.activeElement.selectionEnd]
      : null;
  // Text fields survive a render as the same elements (what is typed,
  // the caret and the focus stay where they are).
  const kept = new Map([...app.querySelectorAll("input[type=text][id]")].map((e) => [e.id, e]));
  // So do drop-down lists whose choices are the same: one a person has
  // open does not close because a message arrived.
  const keptLists = new Map([...app.querySelectorAll("select[id]")].map((e) => [e.id, e]));
  const view = S.page.kind === "lobby" ? lobbyView() : tableView();
  for (const fresh of view.querySelectorAll("input[type=text][id]")) {
    const old = kept.get(fresh.id);
    if (!old) continue;
    old.disabled = fresh.disabled;
    old.placeholder = fresh.placeholder;
    if (old.readOnly) old.value = fresh.value;
    fresh.replaceWith(old);
  }
  for (const fresh of view.querySelectorAll("select[id]")) {
    const old = keptLists.get(fresh.id);
    if (!old || choices(old) !== choices(fresh)) continue;
    old.disabled = fresh.disabled;
    if (old.value !== fresh.value) old.value = fresh.value;
    fresh.replaceWith(old);
  }
  app.replaceChildren(header(), view);
  app.dataset.page = S.page.kind;
  app.dataset.welcomes = S.welcomes;
  if (focused) {
    const again = document.getElementById(focused);
    if (again) {
      again.focus();
      if (selection && again.setSelectionRange) {
        try {
          again.setSelectionRange(selection[0], selection[1]);
        } catch {
          // Not a text field.
        }
      }
    }
  }
  tick();
  if (S.question && S.question.turn !== S.shownTurn) {
    // A new question: scrolled into view if it is not (on a phone or at a
    // high zoom it sits below the table), no further than needed, so the
    // dice above it stay in sight when they fit.
    const question = document.getElementById("question");
    if (question) {
      S.shownTurn = S.question.turn;
      question.scrollIntoView({ block: "nearest" });
    }
  }
  if (S.scrollToSummary) {
    const summary = document.getElementById("summary");
    if (summary) {
      S.scrollToSummary = false;
      summary.scrollIntoView({ block: "start" });
    }
  }
}

function header() {
  const other = S.lang === "en" ? "ru" : "en";
  return h(
    "header",
    { class: "top" },
    h("a", { href: "/", class: "brand", onclick: (e) => (e.preventDefault(), go("/")) },
      h("span", { class: "brand-die", "aria-hidden": "true" }, "⚄"),
      t("title")),
    h("span", { class: `conn ${S.online ? "on" : "off"}`, role: "status" },
      S.online ? t("connected") : S.retryIn ? t("reconnecting", { s: S.retryIn }) : t("connecting")),
    h("button", { type: "button", class: "lang", id: "lang", lang: other, onclick: () => setLang(other) },
      t("otherLang"), " ", kbd("L")),
  );
}

function nameField() {
  return h("label", { class: "field" }, h("span", {}, t("yourName")),
    h("input", {
      id: "name",
      type: "text",
      maxlength: 24,
      autocomplete: "nickname",
      placeholder: t("namePlaceholder"),
      value: S.name,
      oninput: (e) => {
        S.name = e.target.value;
        safeSet("liar:name", S.name.trim());
      },
    }));
}

function noticeView() {
  if (!S.notice) return null;
  return h("p", { class: `notice ${S.notice.kind}`, role: "alert", id: "notice" }, S.notice.text);
}

function rulesText(table) {
  const r = table.rules;
  const straights = { "below-full-house": "straights_below", "above-full-house": "straights_above", none: "straights_none" }[r.straights];
  return [
    t(r.dice === "standard" ? "standard" : "poker"),
    t("chipsEach", { chips: count(S.lang, r.chips, "chip") }),
    t(straights),
    t(r.kickers ? "kickers_on" : "kickers_off"),
    t(`starter_${r.next_round_starter}`),
    table.games === 1 ? t("game1") : t("games", { n: table.games }),
    t("turnSeconds", { n: table.turn_seconds }),
  ].join(" · ");
}

function seatLink(table, seat) {
  return `${location.origin}/table/${table}?seat=${seat + 1}`;
}

function shareField(table, seat) {
  const url = seatLink(table, seat);
  const id = `share-${table}-${seat}`;
  return h("div", { class: "share" },
    h("label", { for: id }, t("shareLink", { n: seat + 1 })),
    h("input", { id, type: "text", readonly: true, value: url, class: "share-url", onfocus: (e) => e.target.select() }),
    h("button", {
      type: "button",
      class: "small",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(url);
          S.copied = id;
        } catch {
          document.getElementById(id).select();
        }
        render();
      },
    }, S.copied === id ? t("copied") : t("copy")));
}

function seatLine(table, s, canTake) {
  const who =
    s.occupant === "open"
      ? h("span", { class: "muted" }, t("open"))
      : h("span", {}, s.name, " ",
          h("span", { class: "tag" }, t(s.occupant === "bot" ? "bot" : "person")),
          table.host === s.seat ? h("span", { class: "tag" }, t("host")) : null,
          s.occupant === "person" && !s.connected ? h("span", { class: "tag warn" }, t("away")) : null,
          s.bot_playing ? h("span", { class: "tag warn" }, t("botPlaying")) : null);
  return h("li", { class: "seat-line", "data-seat": s.seat },
    h("span", { class: "seat-no" }, t("seat", { n: s.seat + 1 })),
    who,
    canTake && s.occupant === "open"
      ? h("button", {
          type: "button",
          class: "primary small",
          "data-action": "take",
          "data-table": table.id,
          "data-seat": s.seat,
          onclick: () => takeSeat(table.id, s.seat),
        }, t("takeSeat", { n: s.seat + 1 }))
      : null);
}

function tableCard(table, highlightSeat = null) {
  const waiting = table.phase === "waiting";
  const mine = savedSeat(table.id);
  const open = table.seats.filter((s) => s.occupant === "open");
  return h("article", { class: "table-card", "data-table": table.id },
    h("header", {},
      h("h3", {}, table.name, " ", h("span", { class: "muted" }, `#${table.id}`)),
      h("span", { class: `phase phase-${table.phase}` }, t(`phase_${table.phase}`))),
    h("p", { class: "rules" }, rulesText(table)),
    h("ul", { class: "seat-list" }, table.seats.map((s) => {
      const line = seatLine(table, s, waiting && !mine);
      if (highlightSeat === s.seat) line.classList.add("highlight");
      return line;
    })),
    waiting && open.length ? h("details", { class: "shares" },
      h("summary", {}, t("shareLinks"), " (", t("seatsOpen", { n: open.length }), ")"),
      open.map((s) => shareField(table.id, s.seat))) : null,
    h("div", { class: "row" },
      mine
        ? h("a", { class: "button primary", href: `/table/${table.id}`, onclick: (e) => (e.preventDefault(), go(`/table/${table.id}`)) }, t("yourSeat", { n: mine.seat + 1 }))
        : null,
      h("button", { type: "button", "data-action": "watch", "data-table": table.id, onclick: () => watch(table.id) }, t("watch"))));
}

/// The latest finished matches: who played, who won games, a link to the
/// summary and the replay.
function recentView() {
  return h("section", { class: "panel", id: "recent" },
    h("h2", {}, t("recentMatches")),
    h("ul", { class: "recent" }, S.recent.map((r) =>
      h("li", {},
        h("a", { href: `/table/${r.id}`, onclick: (e) => (e.preventDefault(), go(`/table/${r.id}`)) },
          `${r.table} #${r.id}`),
        " — ",
        r.seats.map((name, i) => `${name}: ${r.wins[i] ?? 0}`).join(" · "),
        r.aborted ? ` (${t("stoppedEarly")})` : ""))));
}

function lobbyView() {
  return h("main", { class: "lobby", id: "lobby" },
    h("section", { class: "hero" }, h("h1", {}, t("title")), h("p", { class: "tagline" }, t("tagline"))),
    noticeView(),
    h("section", { class: "panel" }, nameField()),
    h("section", { class: "panel" },
      h("h2", {}, t("tables")),
      S.tables.length
        ? h("div", { class: "table-grid" }, S.tables.map((tb) => tableCard(tb)))
        : h("p", { class: "muted" }, t("noTables"))),
    S.recent.length ? recentView() : null,
    h("section", { class: "panel" },
      h("h2", {}, t("newTable")),
      h("form", {
        class: "create",
        onsubmit: (e) => {
          e.preventDefault();
          const msg = { type: "create_table", preset: S.presetChoice };
          if (S.newName.trim()) msg.name = S.newName.trim();
          send(msg);
        },
      },
        h("label", { class: "field" }, h("span", {}, t("preset")),
          h("select", { id: "preset", onchange: (e) => { S.presetChoice = e.target.value; } },
            S.presets.map((p) => h("option", { value: p, selected: p === S.presetChoice }, p)))),
        h("label", { class: "field" }, h("span", {}, t("tableName")),
          h("input", { id: "new-name", type: "text", maxlength: 24, value: S.newName, oninput: (e) => { S.newName = e.target.value; } })),
        h("button", { type: "submit", class: "primary", id: "create" }, t("create")))));
}

// ------------------------------------------------------------ table page

function tableView() {
  if (!S.table || S.table.id !== S.page.id) return joinView();
  const m = S.model;
  const root = h("main", {
    class: "table-page",
    id: "table",
    "data-events": m.count,
    "data-phase": S.table.phase,
    "data-you": S.you ?? "",
  });
  add(root,
    h("div", { class: "table-title" },
      h("h1", {}, S.table.name),
      m.game ? h("p", { class: "muted" }, t("gameRound", { game: m.game, round: m.round })) : null,
      h("p", { class: "rules" }, rulesText(S.table))),
    noticeView(),
  );
  if (S.replay) {
    add(root, replayView());
    return root;
  }
  if (S.table.phase === "waiting") add(root, waitingView());
  if (S.matchEnd || S.table.phase === "finished") add(root, summaryView(m));
  add(root,
    h("div", { class: "play" },
      h("div", { class: "felt-wrap" }, feltView(m, false)),
      h("aside", { class: "side" }, questionView(), oddsView(), roundView(m), logView(m))),
  );
  if (S.you !== null && S.table.phase === "playing") {
    add(root, h("p", { class: "row" }, h("button", {
      type: "button",
      class: "quiet",
      id: "leave",
      onclick: () => {
        if (window.confirm(t("leaveMatch"))) leave();
      },
    }, t("leaveTable"))));
  }
  add(root, shortcutsView());
  return root;
}

function joinView() {
  return h("main", { class: "lobby", id: "join" },
    noticeView(),
    h("p", { class: "muted" }, S.missing ? t("noSuchTable", { id: S.page.id }) : t("connecting")),
    h("p", {}, h("a", { href: "/", onclick: (e) => (e.preventDefault(), go("/")) }, "← ", t("backToLobby"))));
}

function waitingView() {
  const table = S.table;
  const isHost = S.you !== null && table.host === S.you;
  const open = table.seats.filter((s) => s.occupant === "open");
  const canTake = S.you === null;
  return h("section", { class: "panel waiting", id: "waiting" },
    h("h2", {}, t("waitingRoom")),
    canTake ? nameField() : null,
    h("ul", { class: "seat-list" }, table.seats.map((s) => {
      const line = seatLine(table, s, canTake);
      if (canTake && S.page.seat === s.seat) line.classList.add("highlight");
      return line;
    })),
    open.map((s) => shareField(table.id, s.seat)),
    isHost
      ? h("div", { class: "row" },
          h("label", { class: "check" }, h("input", { type: "checkbox", id: "fill", checked: true }), t("fillBots")),
          h("button", {
            type: "button",
            class: "primary",
            id: "start",
            onclick: () => send({ type: "start", fill_with_bots: document.getElementById("fill").checked }),
          }, t("startMatch")))
      : h("p", { class: "muted" }, table.host !== undefined && table.host !== null ? t("onlyHostStarts", { name: shortName(table.host) }) : ""),
    S.you !== null ? h("button", { type: "button", class: "quiet", id: "leave", onclick: leave }, t("leave")) : null);
}

function chipStack(n) {
  const stack = h("span", { class: "chip-stack", "aria-hidden": "true" });
  for (let i = 0; i < Math.min(n, 10); i += 1) stack.appendChild(h("span", { class: "chip" }));
  return stack;
}

function seatCard(m, seat, replay) {
  const info = S.table.seats[seat];
  const out = m.out.has(seat) || (m.game > 0 && m.chips[seat] === 0);
  const turnSeat = replay ? null : S.turn && S.turn.seat;
  const classes = ["seat"];
  if (seat === S.you) classes.push("mine");
  if (out) classes.push("out");
  if (turnSeat === seat) classes.push("turn");
  const badges = [];
  if (turnSeat === seat) badges.push(h("span", { class: "badge turn-badge" }, "▶ ", t("toPlay")));
  if (m.holder === seat && m.game) badges.push(h("span", { class: "badge" }, t("holdsDice")));
  if (out) badges.push(h("span", { class: "badge out-badge" }, "✕ ", t("out")));
  if (info.occupant === "bot") badges.push(h("span", { class: "badge" }, t("bot")));
  if (info.occupant === "person" && !info.connected && !replay) badges.push(h("span", { class: "badge" }, t("away")));
  if (m.gameEnds.length && m.gameEnds[m.gameEnds.length - 1].winner === seat && m.holder === null)
    badges.push(h("span", { class: "badge win-badge" }, "★ ", t("winner")));
  return h("li", {
    class: classes.join(" "),
    "data-seat": seat,
    "data-chips": m.chips[seat],
    "data-out": out ? "true" : "false",
  },
    h("span", { class: "seat-name" }, seatName(seat)),
    h("span", { class: "seat-chips" }, chipStack(m.chips[seat]), count(S.lang, m.chips[seat], "chip")),
    badges.length ? h("span", { class: "badges" }, badges) : null);
}

function diceRow(letters, kindName, pickable = false) {
  const dice = rules().dice;
  const row = h("div", {
    class: `dice dice-${kindName}`,
    "data-dice": letters,
    "data-kind": kindName,
    role: "group",
    "aria-label": kindName === "own" ? t("yourDice") : shownFaces(S.lang, dice, letters),
  });
  [...letters].forEach((letter, p) => {
    const label = dieLabel(S.lang, dice, letter, p);
    if (pickable) {
      const picked = S.picks.has(p);
      row.appendChild(h("button", {
        type: "button",
        class: `die${picked ? " picked" : ""}`,
        "aria-pressed": picked ? "true" : "false",
        "aria-label": label,
        "data-position": p,
        onclick: () => togglePick(p),
      }, dieSvg(S.lang, dice, letter), h("span", { class: "die-key", "aria-hidden": "true" }, String(p + 1)),
        picked ? h("span", { class: "die-mark", "aria-hidden": "true" }, "↻") : null));
    } else {
      row.appendChild(h("span", { class: "die", role: "img", "aria-label": label }, dieSvg(S.lang, dice, letter)));
    }
  });
  return row;
}

function hiddenDice(holder) {
  const row = h("div", { class: "dice dice-hidden", role: "img", "aria-label": t("hiddenDice", { name: shortName(holder) }) });
  for (let i = 0; i < 5; i += 1) row.appendChild(h("span", { class: "die" }, dieSvg(S.lang, rules().dice, null)));
  return row;
}

function feltView(m, replay) {
  const seats = S.table.seats.map((s) => s.seat);
  const half = Math.ceil(seats.length / 2);
  const top = seats.slice(0, half);
  const bottom = seats.slice(half).reverse();
  const center = h("div", { class: "felt-center" });
  center.append(h("div", { class: "pot", "data-pot": m.pot }, h("span", { class: "pot-label" }, t("pot")), chipStack(m.pot), h("strong", {}, count(S.lang, m.pot, "chip"))));
  if (m.toBeat) {
    const tb = m.toBeat;
    center.append(h("div", { class: "to-beat", id: "to-beat", "data-claim": tb.claim },
      h("span", { class: "label" }, t("toBeat")),
      h("strong", { class: "claim-words" }, S.hands ? S.hands.words(tb.claim, S.lang) : tb.claim),
      h("span", { class: "notation" }, shownFaces(S.lang, rules().dice, tb.claim)),
      h("span", { class: "muted" }, tb.rerolled === null || tb.rerolled === undefined
        ? t("claimedBy", { name: shortName(tb.seat) })
        : t("claimedAfter", { name: shortName(tb.seat), n: tb.rerolled }))));
  } else if (m.game && m.holder !== null) {
    center.append(h("p", { class: "muted" }, t("noClaim")));
  }
  // The dice this page may show: every die in a replay, its own while held,
  // and dice shown by a challenge; otherwise only their backs.
  const own = !replay && S.question && S.question.view.dice ? S.question.view.dice : null;
  if (replay && m.dice && m.holder !== null) {
    center.append(h("p", { class: "muted" }, t("dealt", { name: shortName(m.holder) })), diceRow(m.dice, "replay"));
  } else if (own) {
    const pickable = kind() === "reroll";
    center.append(h("p", { class: "label" }, t("yourDice")), diceRow(own, "own", pickable),
      h("p", { class: "muted" }, t("thatMakes", { hand: handText(handOfDice(own)) })));
  } else if (m.holder !== null && m.game) {
    center.append(hiddenDice(m.holder));
  }
  if (m.lastChallenge && (m.holder === null || !m.toBeat)) center.append(challengeView(m.lastChallenge, m.challenges.length - 1));
  const lastGame = m.gameEnds[m.gameEnds.length - 1];
  if (lastGame && (lastGame.game === m.game || m.round <= 1) && !m.toBeat) center.append(gameOverView(m, lastGame));
  return h("div", { class: "felt", id: "felt" },
    h("ul", { class: "seats seats-top" }, top.map((s) => seatCard(m, s, replay))),
    center,
    h("ul", { class: "seats seats-bottom" }, bottom.map((s) => seatCard(m, s, replay))));
}

function gameOverView(m, g) {
  return h("section", { class: "game-over", id: "game-over", "data-game": g.game },
    h("h3", {}, "★ ", t("gameOver", { game: g.game })),
    h("p", {}, t("gameWon", { name: shortName(g.winner), game: g.game, chips: count(S.lang, g.pot, "chip") })),
    h("p", { class: "muted" }, t("winsSoFar", { wins: winsText(m.wins) })));
}

function challengeView(c, index) {
  return h("section", {
    class: "challenge",
    id: "challenge",
    "data-index": index,
    "data-loser": c.loser,
    "data-claim-true": c.claim_true ? "true" : "false",
  },
    h("h3", {}, t("challenge")),
    h("p", {}, t("challenges", { challenger: shortName(c.seat), claimer: shortName(c.claimer), claim: handText(c.claim) })),
    diceRow(c.dice, "revealed"),
    h("p", {}, t("revealed", { hand: handText(handOfDice(c.dice)) })),
    h("p", { class: `verdict ${c.claim_true ? "held" : "bluff"}` },
      c.claim_true ? "✓ " : "✗ ",
      t(c.claim_true ? "claimHeld" : "claimFailed", { loser: shortName(c.loser) })));
}

/// A deadline, or null when there is none (bots answer without a timer).
function until(deadlineMs) {
  return deadlineMs > 0 ? Date.now() + deadlineMs : null;
}

function timerText(until) {
  const s = Math.max(0, Math.ceil((until - Date.now()) / 1000));
  return t("timeLeft", { s });
}

function questionView() {
  const box = h("section", { class: "panel question", id: "question", "aria-live": "polite" });
  if (!S.question) {
    if (S.turn && S.table.phase === "playing") {
      add(box, h("p", {}, t("waitingFor", { name: shortName(S.turn.seat), what: t(`kind_${S.turn.kind}`) })),
        S.turn.until ? h("p", { class: "timer", id: "timer", "data-until": S.turn.until }, timerText(S.turn.until)) : null);
    } else if (S.watching) {
      box.append(h("p", { class: "muted" }, t("spectating")));
    } else {
      return null;
    }
    return box;
  }
  const q = S.question;
  const v = q.view;
  // Offline, an answer could not be sent: wait for the connection.
  const busy = S.sent !== null || !S.online;
  box.dataset.turn = q.turn;
  box.dataset.kind = v.decision;
  box.append(h("h2", {}, t("yourTurn"), " ", q.until ? h("span", { class: "timer", id: "timer", "data-until": q.until }, timerText(q.until)) : ""));
  if (v.decision === "respond" && v.to_beat) {
    const top = S.hands && S.hands.isTop(v.to_beat.claim);
    box.append(h("p", {}, t("askRespond", { name: shortName(v.to_beat.seat), claim: handText(v.to_beat.claim) })));
    if (top) box.append(h("p", { class: "muted" }, t("onlyChallenge", { claim: handText(v.to_beat.claim) })));
    box.append(h("div", { class: "row answers" },
      h("button", { type: "button", class: "primary big", id: "believe", disabled: busy || top || !S.hands, onclick: believe }, "✓ ", t("believe"), " ", kbd("B")),
      h("button", { type: "button", class: "danger big", id: "disbelieve", disabled: busy, onclick: disbelieve }, "✗ ", t("disbelieve"), " ", kbd("D"))));
  } else if (v.decision === "reroll" && v.dice) {
    const n = S.picks.size;
    box.append(h("p", {}, t("askReroll")));
    if (S.hands && v.to_beat) {
      box.append(h("p", { class: "muted", id: "reroll-chance" },
        t("rerollChance", { claim: handText(v.to_beat.claim), p: percent(S.lang, S.hands.rerollChance(v.dice, [...S.picks].sort(), nextAbove(v.to_beat.claim))) })));
    }
    box.append(h("div", { class: "row" },
      h("button", { type: "button", class: "primary big", id: "throw", disabled: busy, onclick: throwDice },
        n === 0 ? t("keepAll") : t("throwN", { dice: count(S.lang, n, "die") }), " ", kbd("T"))));
  } else if (v.decision === "claim") {
    box.append(claimForm(v, busy));
  }
  return box;
}

/// The lowest hand that beats `hand` (what a re-throw must reach).
function nextAbove(hand) {
  const legal = S.hands.legalClaims(hand);
  return legal.length ? legal[0].hand : hand;
}

function claimForm(v, busy) {
  const wrap = h("div", { class: "claim-form" });
  const c = pickerChoice();
  if (!c) return wrap;
  wrap.append(h("p", {}, v.to_beat ? t("atLeast", { hand: handText(c.legal[0].hand) }) : t("askClaim")));
  wrap.append(h("div", { class: "picker", "data-legal": c.legal.length, "data-lowest": c.legal[0].hand },
    h("label", { class: "field" }, h("span", {}, t("category")),
      h("select", {
        id: "claim-category",
        disabled: busy,
        onchange: (e) => {
          S.claimCategory = e.target.value;
          S.claimHand = null;
          render();
        },
      }, c.cats.map((cat) => h("option", { value: cat.id, selected: cat.id === c.cat }, cat[S.lang] || cat.en)))),
    h("label", { class: "field" }, h("span", {}, t("faces")),
      h("select", {
        id: "claim-hand",
        disabled: busy,
        onchange: (e) => {
          S.claimHand = e.target.value;
          render();
        },
      }, c.inCat.map((e) => h("option", { value: e.hand, selected: e.hand === c.hand },
        `${e[S.lang] || e.en} — ${shownFaces(S.lang, rules().dice, e.hand)}`)))),
    h("button", { type: "button", class: "primary big", id: "claim", disabled: busy, onclick: claimPicked },
      t("claimBtn"), " ", kbd("C"))));
  const example = S.hands ? S.hands.example(S.lang) : "";
  wrap.append(h("form", {
    class: "typed",
    onsubmit: (e) => {
      e.preventDefault();
      claimTyped();
    },
  },
    h("label", { class: "field grow" }, h("span", {}, t("orType"), " ", kbd("/")),
      h("input", {
        id: "typed",
        type: "text",
        maxlength: 200,
        autocomplete: "off",
        placeholder: t("typeHint", { example }),
        value: S.typed,
        disabled: busy,
        oninput: (e) => {
          S.typed = e.target.value;
        },
      })),
    h("button", { type: "submit", id: "send-typed", disabled: busy }, t("send"))));
  if (S.readings) {
    wrap.append(h("div", { class: "row readings" }, h("span", {}, t("whichMeant")),
      S.readings.map((r) => h("button", { type: "button", class: "small", "data-hand": r, onclick: () => sendClaim(r) }, handText(r)))));
  }
  return wrap;
}

function oddsView() {
  const box = h("section", { class: "panel odds", id: "odds" });
  box.append(h("button", {
    type: "button",
    id: "odds-toggle",
    "aria-expanded": S.oddsOpen ? "true" : "false",
    onclick: () => {
      S.oddsOpen = !S.oddsOpen;
      render();
    },
  }, S.oddsOpen ? t("hideOdds") : t("odds"), " ", kbd("O")));
  if (!S.oddsOpen || !S.hands || !S.model) return box;
  const m = S.model;
  const lines = [];
  const dice = S.question && S.question.view.dice;
  if (m.toBeat) {
    lines.push(t("oddsFor", { target: handText(m.toBeat.claim) }));
    lines.push(t("oddsFresh", { p: percent(S.lang, S.hands.fresh(m.toBeat.claim)) }));
    if (dice && S.question.view.decision === "reroll") {
      const target = nextAbove(m.toBeat.claim);
      const best = S.hands.bestReroll(dice, target);
      lines.push(t("oddsFor", { target: handText(target) }));
      if (best.positions.length === 0 && best.chance >= 1) lines.push(t("oddsHeld"));
      else if (best.chance <= 0) lines.push(t("oddsOut"));
      else if (best.positions.length === 5) lines.push(t("oddsBestAll", { p: percent(S.lang, best.chance) }));
      else {
        const keep = [0, 1, 2, 3, 4].filter((p) => !best.positions.includes(p)).map((p) => dice[p]).join("");
        lines.push(t("oddsBest", {
          keep: shownFaces(S.lang, rules().dice, keep),
          dice: count(S.lang, best.positions.length, "die"),
          positions: best.positions.map((p) => p + 1).join(" "),
          p: percent(S.lang, best.chance),
        }));
      }
    }
  } else {
    lines.push(t("oddsNoClaim"));
  }
  if (dice && S.question.view.decision === "claim") {
    const own = handOfDice(dice);
    lines.push(t("oddsOwn", { hand: handText(own), p: percent(S.lang, S.hands.fresh(own)) }));
  }
  const c = S.question && S.question.view.decision === "claim" ? pickerChoice() : null;
  if (c) lines.push(`${handText(c.hand)}: ${t("oddsFresh", { p: percent(S.lang, S.hands.fresh(c.hand)) })}`);
  box.append(h("ul", { class: "odds-lines" }, lines.map((l) => h("li", {}, l))));
  return box;
}

function roundView(m) {
  if (!m.game) return null;
  return h("section", { class: "panel round", id: "round" },
    h("h2", {}, t("round")),
    m.roundActions.length
      ? h("ol", { class: "claims" }, m.roundActions.map((a) => h("li", { class: `act act-${a.kind}` },
          a.kind === "claim"
            ? [h("strong", {}, shortName(a.seat)), " ", S.hands ? S.hands.words(a.claim, S.lang) : a.claim, " ",
               h("span", { class: "notation" }, shownFaces(S.lang, rules().dice, a.claim))]
            : a.kind === "accept"
              ? t("accepts", { name: shortName(a.seat) })
              : a.count === 0
                ? t("rerollsNone", { name: shortName(a.seat) })
                : t("rerolls", { name: shortName(a.seat), dice: count(S.lang, a.count, "die") }))))
      : h("p", { class: "muted" }, t("roundEmpty")));
}

function logView(m) {
  const items = [];
  let challengeIndex = 0;
  for (const ev of m.log) {
    const text = narrate(ev);
    if (!text) continue;
    if (ev.type === "challenge") {
      items.push(h("li", {
        class: "log-challenge",
        "data-index": challengeIndex,
        "data-loser": ev.loser,
        "data-chips": ev.chips.join(","),
        "data-pot": ev.pot,
      }, text, diceRow(ev.dice, "revealed")));
      challengeIndex += 1;
    } else {
      items.push(h("li", { class: `log-${ev.type}` }, text));
    }
  }
  return h("details", { class: "panel log", id: "log", open: m.log.length < 12 ? true : null },
    h("summary", {}, t("log")),
    h("ol", {}, items.reverse()));
}

function summaryView(m) {
  const wins = S.matchEnd ? S.matchEnd.wins : m.wins;
  const seats = S.table.seats.map((s) => s.seat);
  return h("section", { class: "panel summary", id: "summary", "data-wins": wins.join(",") },
    h("h2", {}, t("summary")),
    h("p", { class: "summary-line" }, t(S.matchEnd && S.matchEnd.aborted ? "matchStopped" : "matchOver", { wins: winsText(wins) })),
    m.gameEnds.length
      ? h("ol", { class: "games" }, m.gameEnds.map((g) =>
          h("li", {}, t("gameWon", { name: shortName(g.winner), game: g.game, chips: count(S.lang, g.pot, "chip") }))))
      : null,
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), h("th", { scope: "col" }, t("wins")), h("th", { scope: "col" }, t("finalChips")))),
      h("tbody", {}, seats.map((s) => h("tr", { class: wins[s] === Math.max(...wins) && wins[s] > 0 ? "best" : "" },
        h("th", { scope: "row" }, wins[s] === Math.max(...wins) && wins[s] > 0 ? "★ " : "", seatName(s)),
        h("td", { "data-seat": s }, String(wins[s])),
        h("td", {}, count(S.lang, m.chips[s], "chip")))))),
    S.matchEnd
      ? h("div", { class: "row" },
          h("button", { type: "button", class: "primary", id: "open-replay", onclick: openReplay }, t("watchReplay")),
          h("a", { class: "button", id: "download", href: S.matchEnd.replay, download: `liar-table-${S.table.id}.jsonl` }, t("download")))
      : null,
    h("p", {}, h("a", { href: "/", onclick: (e) => (e.preventDefault(), go("/")) }, "← ", t("backToLobby"))));
}

function replayView() {
  const r = S.replay;
  const m = build(S.table.seats.length, r.events.slice(0, r.step));
  const last = r.events[r.step - 1];
  return h("section", { class: "replay", id: "replay", "data-step": r.step },
    h("h2", {}, t("replay"), " · ", t("replayStep", { i: r.step, n: r.events.length })),
    m.game ? h("p", { class: "muted" }, t("gameRound", { game: m.game, round: m.round })) : null,
    h("p", { class: "replay-line", id: "replay-line" }, last ? narrate(last) || last.type : t("replayStart")),
    h("div", { class: "row replay-controls" },
      h("button", { type: "button", id: "replay-first", onclick: () => step(0) }, "« ", t("first"), " ", kbd("Home")),
      h("button", { type: "button", id: "replay-back", onclick: () => step(r.step - 1), disabled: r.step === 0 }, "‹ ", t("back"), " ", kbd("←")),
      h("button", { type: "button", class: "primary", id: "replay-forward", onclick: () => step(r.step + 1), disabled: r.step === r.events.length }, t("forward"), " › ", kbd("→")),
      h("button", { type: "button", id: "replay-last", onclick: () => step(r.events.length) }, t("last"), " » ", kbd("End"))),
    h("div", { class: "felt-wrap" }, feltView(m, true)),
    h("div", { class: "row" },
      h("a", { class: "button", href: S.matchEnd ? S.matchEnd.replay : "#", download: `liar-table-${S.table.id}.jsonl` }, t("download")),
      h("button", { type: "button", id: "close-replay", onclick: () => { S.replay = null; render(); } }, t("closeReplay"), " ", kbd("Esc"))));
}

function shortcutsView() {
  const keys = ["key_believe", "key_disbelieve", "key_dice", "key_throw", "key_claim", "key_type", "key_odds", "key_lang", "key_replay"];
  return h("footer", { class: "shortcuts" }, h("strong", {}, t("shortcuts"), ": "), keys.map((k) => h("span", { class: "key-hint" }, t(k))));
}

// ---------------------------------------------------------------- timers

function tick() {
  const timer = document.getElementById("timer");
  if (timer) {
    const until = Number(timer.dataset.until);
    timer.textContent = timerText(until);
    timer.classList.toggle("urgent", until - Date.now() < 10000);
  }
}

setInterval(tick, 250);
setInterval(() => {
  if (!S.online && S.retryIn > 0) {
    S.retryIn -= 1;
    const conn = document.querySelector(".conn");
    if (conn) conn.textContent = t("reconnecting", { s: S.retryIn });
  }
}, 1000);
setInterval(() => send({ type: "ping" }), 25000);

render();
loadRefusals();
connect();
