//! The messages between the engine and a bot's child process, and how they
//! travel: each message is a frame, a 4-byte little-endian length and then
//! that many bytes, the first of which says what the message is.
//!
//! Views, the hot path, are packed by hand into a few dozen bytes; the rare
//! messages (the rules, the seats, public events) carry JSON. The parent
//! reads the child's replies as untrusted input: every decoder returns
//! `None` on anything malformed instead of panicking.

use crate::engine::{PenaltyReason, PublicEvent, SeatInfo};
use crate::lua::bank::Bank;
use crate::lua::bot::CALLS;
use crate::lua::failure::Failure;
use crate::lua::{BotLimits, BotStats};
use crate::rules::{
    ClaimOnTable, Decision, DecisionKind, Dice, Face, Hand, Positions, RoundAction, Rules, Seat,
    SeatView,
};
use crate::setup::BotParams;
use std::io::{self, Read, Write};
use std::time::Duration;

/// The largest frame either side accepts (a bot's code travels in one).
pub(crate) const MAX_FRAME: usize = 64 << 20;

/// A request from the engine to the child. Every request gets exactly one
/// reply, in order.
#[derive(Debug)]
pub(crate) enum Request {
    /// Load the bot: its name in messages, its code, its parameters, its
    /// limits.
    Load {
        chunk: String,
        code: Vec<u8>,
        params: BotParams,
        limits: BotLimits,
    },
    /// A match begins (the bot's code runs afresh).
    BeginMatch {
        seat: Seat,
        games: u32,
        /// The seat's seed for the bot's top-level code.
        seed: u64,
        rules: Rules,
        seats: Vec<SeatInfo>,
        /// The match bank to go on with (a match started again in a new
        /// process); a full one if `None`.
        bank: Option<Bank>,
    },
    /// A game begins, with the seat's random seed for it.
    BeginGame { game: u32, seed: u64 },
    /// A decision is owed: the view, its history given from entry
    /// `history_from` on (the child keeps the entries before).
    Decide(OwnedView),
    /// A public event happened.
    Observe(PublicEvent),
    /// The match is over: the reply is `Decided` with the failure the bot
    /// still owes (see [`crate::engine::Player::end_match`]), or `Done`.
    EndMatch,
}

/// What a call cost and wrote, sent with every reply.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Report {
    /// Log lines written since the last reply.
    pub(crate) logs: Vec<String>,
    /// The bot's figures so far (in this child).
    pub(crate) stats: BotStats,
    /// Bytes its Lua state holds now.
    pub(crate) memory: u64,
    /// What the bot has left in its match bank.
    pub(crate) bank: Bank,
}

/// A reply of the child.
#[derive(Debug, PartialEq)]
pub(crate) enum Reply {
    /// The bot loaded: its `name` field, whether it observes events, and
    /// the bytes its state holds.
    Loaded {
        name: Option<String>,
        observes: bool,
        memory: u64,
    },
    /// The bot did not load; the message is the whole explanation, in
    /// English and in Russian (the parent speaks its run's language).
    LoadFailed {
        reason: Option<PenaltyReason>,
        message: String,
        russian: String,
    },
    /// A request without an answer was carried out.
    Done(Report),
    /// The bot's decision, or why it gave none.
    Decided {
        answer: Result<Decision, Failure>,
        report: Report,
    },
}

/// A [`SeatView`] with its own copies of the lists (the rules travel once
/// per match). As a message, its history holds only the entries from
/// `history_from` on: a round's history grows by an entry or two between
/// decisions, and is sent once.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct OwnedView {
    history_from: u32,
    seat: Seat,
    decision: Option<DecisionKind>,
    game: u32,
    round: u32,
    order: Vec<Seat>,
    chips: Vec<u32>,
    pot: u32,
    to_beat: Option<ClaimOnTable>,
    history: Vec<RoundAction>,
    dice: Option<Dice>,
}

impl OwnedView {
    /// Takes in the next view: `next`'s history follows the first
    /// `next.history_from` entries of this one's. `false` if this one has
    /// fewer (the sender lost count).
    pub(crate) fn update(&mut self, next: OwnedView) -> bool {
        let keep = next.history_from as usize;
        if keep > self.history.len() {
            return false;
        }
        let mut history = std::mem::take(&mut self.history);
        history.truncate(keep);
        history.extend(next.history);
        *self = OwnedView { history, ..next };
        true
    }

    /// The view, borrowing `rules`.
    pub(crate) fn view<'a>(&'a self, rules: &'a Rules) -> SeatView<'a> {
        SeatView {
            seat: self.seat,
            decision: self.decision,
            rules,
            game: self.game,
            round: self.round,
            order: &self.order,
            chips: &self.chips,
            pot: self.pot,
            to_beat: self.to_beat,
            history: &self.history,
            dice: self.dice,
        }
    }
}

/// Appends values to a message.
#[derive(Default)]
pub(crate) struct Out(pub(crate) Vec<u8>);

impl Out {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn bytes(&mut self, v: &[u8]) {
        self.u32(u32::try_from(v.len()).unwrap_or(u32::MAX));
        self.0.extend_from_slice(v);
    }
    fn str(&mut self, v: &str) {
        self.bytes(v.as_bytes());
    }
    fn seat(&mut self, s: Seat) {
        self.u8(u8::try_from(s).unwrap_or(u8::MAX));
    }
    fn json<T: serde::Serialize>(&mut self, v: &T) {
        self.str(&serde_json::to_string(v).unwrap_or_default());
    }
}

/// Reads values from a message; `None` once anything is missing or wrong.
pub(crate) struct In<'a>(&'a [u8]);

impl<'a> In<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.0.len() < n {
            return None;
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }
    fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }
    fn u32(&mut self) -> Option<u32> {
        self.take(4)?.try_into().ok().map(u32::from_le_bytes)
    }
    fn u64(&mut self) -> Option<u64> {
        self.take(8)?.try_into().ok().map(u64::from_le_bytes)
    }
    fn bytes(&mut self) -> Option<&'a [u8]> {
        let n = self.u32()? as usize;
        self.take(n)
    }
    fn str(&mut self) -> Option<String> {
        std::str::from_utf8(self.bytes()?).ok().map(str::to_string)
    }
    fn seat(&mut self) -> Option<Seat> {
        self.u8().map(usize::from)
    }
    fn json<T: serde::de::DeserializeOwned>(&mut self) -> Option<T> {
        serde_json::from_slice(self.bytes()?).ok()
    }
    fn list<T>(&mut self, mut item: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let n = self.u32()? as usize;
        // Each item takes at least one byte: a lying count cannot reserve much.
        let mut v = Vec::with_capacity(n.min(self.0.len()));
        for _ in 0..n {
            v.push(item(self)?);
        }
        Some(v)
    }
    fn hand(&mut self) -> Option<Hand> {
        Hand::from_index(usize::from(self.u8()?))
    }
    fn end(&self) -> Option<()> {
        self.0.is_empty().then_some(())
    }
}

fn hand_byte(h: Hand) -> u8 {
    u8::try_from(h.index()).unwrap_or(u8::MAX)
}

fn kind_byte(k: Option<DecisionKind>) -> u8 {
    match k {
        None => 0,
        Some(DecisionKind::Claim) => 1,
        Some(DecisionKind::Respond) => 2,
        Some(DecisionKind::Reroll) => 3,
    }
}

fn kind_of(b: u8) -> Option<Option<DecisionKind>> {
    Some(match b {
        0 => None,
        1 => Some(DecisionKind::Claim),
        2 => Some(DecisionKind::Respond),
        3 => Some(DecisionKind::Reroll),
        _ => return None,
    })
}

fn reason_byte(r: Option<PenaltyReason>) -> u8 {
    r.and_then(|r| PenaltyReason::ALL.iter().position(|&x| x == r))
        .map_or(u8::MAX, |i| i as u8)
}

fn reason_of(b: u8) -> Option<PenaltyReason> {
    PenaltyReason::ALL.get(usize::from(b)).copied()
}

/// [`BotStats::slowest_call`] as a byte: 0 for none, else its place in
/// [`CALLS`] plus one.
fn call_byte(call: &str) -> u8 {
    CALLS
        .iter()
        .position(|&c| c == call)
        .map_or(0, |i| i as u8 + 1)
}

fn call_of(b: u8) -> Option<&'static str> {
    match b.checked_sub(1) {
        None => Some(""),
        Some(i) => CALLS.get(usize::from(i)).copied(),
    }
}

fn limits_out(o: &mut Out, l: &BotLimits) {
    o.u64(l.bank_instructions);
    o.u64(l.bank_ms);
    o.u64(l.instructions);
    o.u64(l.wall_ms);
    o.u64(l.memory_mb);
    o.u32(l.log_lines);
}

fn limits_in(i: &mut In<'_>) -> Option<BotLimits> {
    Some(BotLimits {
        bank_instructions: i.u64()?,
        bank_ms: i.u64()?,
        instructions: i.u64()?,
        wall_ms: i.u64()?,
        memory_mb: i.u64()?,
        log_lines: i.u32()?,
        isolation: None,
    })
}

/// Packs a view (tag 4, [`Request::Decide`]), its history from entry
/// `from` on (the child has the entries before).
pub(crate) fn view_request(view: &SeatView<'_>, from: usize) -> Vec<u8> {
    let from = from.min(view.history.len());
    let mut o = Out(Vec::with_capacity(96));
    view_out(&mut o, view, from as u32, &view.history[from..]);
    o.0
}

/// A view's fields, its history given as the entries `new` that follow the
/// first `from`.
fn view_out(o: &mut Out, view: &SeatView<'_>, from: u32, new: &[RoundAction]) {
    o.u8(4);
    o.u32(from);
    o.seat(view.seat);
    o.u8(kind_byte(view.decision));
    o.u32(view.game);
    o.u32(view.round);
    o.u32(view.order.len() as u32);
    for &s in view.order {
        o.seat(s);
    }
    o.u32(view.chips.len() as u32);
    for &c in view.chips {
        o.u32(c);
    }
    o.u32(view.pot);
    match view.to_beat {
        None => o.u8(0),
        Some(t) => {
            o.u8(1);
            o.seat(t.seat);
            o.u8(hand_byte(t.claim));
            o.u8(t.rerolled.map_or(u8::MAX, |n| n.min(5)));
        }
    }
    o.u32(new.len() as u32);
    for a in new {
        match *a {
            RoundAction::Claim { seat, claim } => {
                o.u8(0);
                o.seat(seat);
                o.u8(hand_byte(claim));
            }
            RoundAction::Accept { seat } => {
                o.u8(1);
                o.seat(seat);
                o.u8(0);
            }
            RoundAction::Reroll { seat, count } => {
                o.u8(2);
                o.seat(seat);
                o.u8(count);
            }
        }
    }
    match view.dice {
        None => o.u8(0),
        Some(d) => {
            o.u8(1);
            for f in d.0 {
                o.u8(f.index() as u8);
            }
        }
    }
}

fn view_in(i: &mut In<'_>) -> Option<OwnedView> {
    let history_from = i.u32()?;
    let seat = i.seat()?;
    let decision = kind_of(i.u8()?)?;
    let game = i.u32()?;
    let round = i.u32()?;
    let order = i.list(In::seat)?;
    let chips = i.list(In::u32)?;
    let pot = i.u32()?;
    let to_beat = match i.u8()? {
        0 => None,
        _ => Some(ClaimOnTable {
            seat: i.seat()?,
            claim: i.hand()?,
            rerolled: match i.u8()? {
                u8::MAX => None,
                n => Some(n),
            },
        }),
    };
    let history = i.list(|i| {
        let tag = i.u8()?;
        let seat = i.seat()?;
        let x = i.u8()?;
        Some(match tag {
            0 => RoundAction::Claim {
                seat,
                claim: Hand::from_index(usize::from(x))?,
            },
            1 => RoundAction::Accept { seat },
            _ => RoundAction::Reroll { seat, count: x },
        })
    })?;
    let dice = match i.u8()? {
        0 => None,
        _ => {
            let mut faces = [Face::Nine; 5];
            for f in &mut faces {
                *f = Face::from_index(usize::from(i.u8()?))?;
            }
            Some(Dice(faces))
        }
    };
    Some(OwnedView {
        history_from,
        seat,
        decision,
        game,
        round,
        order,
        chips,
        pot,
        to_beat,
        history,
        dice,
    })
}

impl Request {
    /// The message's bytes (without the frame's length).
    pub(crate) fn encode(&self) -> Vec<u8> {
        let mut o = Out::default();
        match self {
            Request::Load {
                chunk,
                code,
                params,
                limits,
            } => {
                o.u8(1);
                o.str(chunk);
                o.bytes(code);
                o.json(params);
                limits_out(&mut o, limits);
            }
            Request::BeginMatch {
                seat,
                games,
                seed,
                rules,
                seats,
                bank,
            } => {
                o.u8(2);
                o.seat(*seat);
                o.u32(*games);
                o.u64(*seed);
                o.json(rules);
                o.json(seats);
                match bank {
                    Some(b) => {
                        o.u8(1);
                        bank_out(&mut o, b);
                    }
                    None => o.u8(0),
                }
            }
            Request::BeginGame { game, seed } => {
                o.u8(3);
                o.u32(*game);
                o.u64(*seed);
            }
            Request::Decide(view) => {
                let rules = Rules::default();
                view_out(&mut o, &view.view(&rules), view.history_from, &view.history);
            }
            Request::Observe(event) => {
                o.u8(5);
                o.json(event);
            }
            Request::EndMatch => o.u8(6),
        }
        o.0
    }

    /// Reads a message; `None` if it is malformed.
    pub(crate) fn decode(bytes: &[u8]) -> Option<Request> {
        let mut i = In(bytes);
        let request = match i.u8()? {
            1 => Request::Load {
                chunk: i.str()?,
                code: i.bytes()?.to_vec(),
                params: i.json().filter(BotParams::is_valid)?,
                limits: limits_in(&mut i)?,
            },
            2 => Request::BeginMatch {
                seat: i.seat()?,
                games: i.u32()?,
                seed: i.u64()?,
                rules: i.json()?,
                seats: i.json()?,
                bank: match i.u8()? {
                    0 => None,
                    1 => Some(bank_in(&mut i)?),
                    _ => return None,
                },
            },
            3 => Request::BeginGame {
                game: i.u32()?,
                seed: i.u64()?,
            },
            4 => Request::Decide(view_in(&mut i)?),
            5 => Request::Observe(i.json()?),
            6 => Request::EndMatch,
            _ => return None,
        };
        i.end()?;
        Some(request)
    }
}

fn report_out(o: &mut Out, r: &Report) {
    o.u32(r.logs.len() as u32);
    for line in &r.logs {
        o.str(line);
    }
    let s = &r.stats;
    o.u64(s.decisions);
    o.u64(s.observed);
    o.u64(u64::try_from(s.slowest.as_nanos()).unwrap_or(u64::MAX));
    o.u8(call_byte(s.slowest_call));
    o.u64(s.most_instructions);
    o.u64(s.lowest_bank.unwrap_or(u64::MAX));
    o.u32(s.timeouts.len() as u32);
    for t in &s.timeouts {
        o.str(t);
    }
    o.u64(s.memory_peak);
    o.u64(r.memory);
    bank_out(o, &r.bank);
}

fn bank_out(o: &mut Out, b: &Bank) {
    o.u64(b.instructions as u64);
    o.u64(b.time_ns as u64);
    o.u8(u8::from(b.dry));
}

fn bank_in(i: &mut In<'_>) -> Option<Bank> {
    Some(Bank {
        instructions: i.u64()? as i64,
        time_ns: i.u64()? as i64,
        dry: match i.u8()? {
            0 => false,
            1 => true,
            _ => return None,
        },
    })
}

fn report_in(i: &mut In<'_>) -> Option<Report> {
    let logs = i.list(In::str)?;
    let stats = BotStats {
        decisions: i.u64()?,
        observed: i.u64()?,
        slowest: Duration::from_nanos(i.u64()?),
        slowest_call: call_of(i.u8()?)?,
        most_instructions: i.u64()?,
        lowest_bank: Some(i.u64()?).filter(|&b| b != u64::MAX),
        timeouts: i.list(In::str)?,
        memory_peak: i.u64()?,
    };
    Some(Report {
        logs,
        stats,
        memory: i.u64()?,
        bank: bank_in(i)?,
    })
}

impl Reply {
    /// The message's bytes (without the frame's length).
    pub(crate) fn encode(&self) -> Vec<u8> {
        let mut o = Out::default();
        match self {
            Reply::Loaded {
                name,
                observes,
                memory,
            } => {
                o.u8(1);
                match name {
                    None => o.u8(0),
                    Some(n) => {
                        o.u8(1);
                        o.str(n);
                    }
                }
                o.u8(u8::from(*observes));
                o.u64(*memory);
            }
            Reply::LoadFailed {
                reason,
                message,
                russian,
            } => {
                o.u8(2);
                o.u8(reason_byte(*reason));
                o.str(message);
                o.str(russian);
            }
            Reply::Done(report) => {
                o.u8(3);
                report_out(&mut o, report);
            }
            Reply::Decided { answer, report } => {
                o.u8(4);
                match answer {
                    Ok(Decision::Claim(h)) => {
                        o.u8(0);
                        o.u8(hand_byte(*h));
                    }
                    Ok(Decision::Accept) => {
                        o.u8(1);
                        o.u8(0);
                    }
                    Ok(Decision::Challenge) => {
                        o.u8(2);
                        o.u8(0);
                    }
                    Ok(Decision::Reroll(p)) => {
                        o.u8(3);
                        o.u8(p.mask());
                    }
                    Err((reason, detail)) => {
                        o.u8(4);
                        o.u8(reason_byte(Some(*reason)));
                        o.str(detail);
                    }
                }
                report_out(&mut o, report);
            }
        }
        o.0
    }

    /// Reads a reply; `None` if it is malformed.
    pub(crate) fn decode(bytes: &[u8]) -> Option<Reply> {
        let mut i = In(bytes);
        let reply = match i.u8()? {
            1 => Reply::Loaded {
                name: match i.u8()? {
                    0 => None,
                    _ => Some(i.str()?),
                },
                observes: i.u8()? != 0,
                memory: i.u64()?,
            },
            2 => Reply::LoadFailed {
                reason: reason_of(i.u8()?),
                message: i.str()?,
                russian: i.str()?,
            },
            3 => Reply::Done(report_in(&mut i)?),
            4 => {
                let answer = match i.u8()? {
                    0 => Ok(Decision::Claim(i.hand()?)),
                    1 => i.u8().map(|_| Ok(Decision::Accept))?,
                    2 => i.u8().map(|_| Ok(Decision::Challenge))?,
                    3 => Ok(Decision::Reroll(Positions::from_mask(i.u8()?)?)),
                    4 => Err((reason_of(i.u8()?)?, i.str()?)),
                    _ => return None,
                };
                Reply::Decided {
                    answer,
                    report: report_in(&mut i)?,
                }
            }
            _ => return None,
        };
        i.end()?;
        Some(reply)
    }
}

/// Writes one frame (buffered writers are left to the caller to flush).
pub(crate) fn write_frame(w: &mut impl Write, body: &[u8]) -> io::Result<()> {
    w.write_all(&u32::try_from(body.len()).unwrap_or(u32::MAX).to_le_bytes())?;
    w.write_all(body)
}

/// Reads one frame; `Ok(None)` at a clean end of input.
pub(crate) fn read_frame(r: &mut impl Read) -> io::Result<Option<Vec<u8>>> {
    let mut len = [0u8; 4];
    match r.read_exact(&mut len) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let n = u32::from_le_bytes(len) as usize;
    if n > MAX_FRAME {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a frame of {n} bytes is over the limit of {MAX_FRAME}"),
        ));
    }
    let mut body = vec![0; n];
    r.read_exact(&mut body)?;
    Ok(Some(body))
}

/// Takes one whole frame off the front of `buf`, if it holds one. `Err` if
/// the length is over [`MAX_FRAME`].
pub(crate) fn split_frame(buf: &mut Vec<u8>) -> Result<Option<Vec<u8>>, usize> {
    let Some(len) = buf.get(..4) else {
        return Ok(None);
    };
    let n = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
    if n > MAX_FRAME {
        return Err(n);
    }
    if buf.len() < 4 + n {
        return Ok(None);
    }
    let body = buf[4..4 + n].to_vec();
    buf.drain(..4 + n);
    Ok(Some(body))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameState;
    use crate::setup::ParamValue;

    #[test]
    fn views_round_trip() {
        let rules = Rules::default();
        let mut state = GameState::with_table_size(rules, &[0, 1, 2], 3, 0, 1);
        let dice = Dice([Face::Queen, Face::Nine, Face::Ace, Face::Queen, Face::King]);
        state.throw(dice).unwrap();
        let view = state.view(0);
        let bytes = view_request(&view, 0);
        let Some(Request::Decide(owned)) = Request::decode(&bytes) else {
            panic!("not a view");
        };
        let mut kept = OwnedView::default();
        assert!(kept.update(owned));
        let back = kept.view(&rules);
        assert_eq!(back.seat, view.seat);
        assert_eq!(back.decision, view.decision);
        assert_eq!(back.chips, view.chips);
        assert_eq!(back.order, view.order);
        assert_eq!(back.dice, Some(dice));
        assert_eq!(back.to_beat, view.to_beat);
        assert_eq!(back.history, view.history);
    }

    #[test]
    fn a_history_travels_once() {
        let rules = Rules::default();
        let mut state = GameState::with_table_size(rules, &[0, 1, 2], 3, 0, 1);
        let dice = Dice([Face::Queen, Face::Nine, Face::Ace, Face::Queen, Face::King]);
        state.throw(dice).unwrap();
        let mut kept = OwnedView::default();
        let mut sent = 0;
        for _ in 0..6 {
            let Some(crate::rules::Pending::Decide { seat, .. }) = Some(state.pending()) else {
                break;
            };
            let view = state.view(seat);
            let Some(Request::Decide(delta)) = Request::decode(&view_request(&view, sent)) else {
                panic!("not a view");
            };
            assert_eq!(delta.history.len(), view.history.len() - sent);
            let Some(Request::Decide(again)) =
                Request::decode(&Request::Decide(delta.clone()).encode())
            else {
                panic!("not a view");
            };
            assert_eq!(again, delta, "a delta encodes as it was read");
            assert!(kept.update(delta));
            assert_eq!(kept.view(&rules).history, view.history);
            sent = view.history.len();
            let decision = crate::engine::lowest_legal_claim(&view);
            let d = match view.decision {
                Some(DecisionKind::Claim) => Decision::Claim(decision),
                Some(DecisionKind::Respond) => Decision::Accept,
                _ => Decision::Reroll(Positions::NONE),
            };
            state.apply(seat, d).unwrap();
            while let crate::rules::Pending::Reroll { .. } = state.pending() {
                state.deal_reroll(&[]).unwrap();
            }
        }
        assert!(sent >= 3, "the round went on");
        // A count the child does not have is refused.
        let mut fresh = OwnedView::default();
        let view = state.view(0);
        let Some(Request::Decide(delta)) = Request::decode(&view_request(&view, 2)) else {
            panic!("not a view");
        };
        assert!(!fresh.update(delta));
    }

    #[test]
    fn replies_round_trip_and_garbage_is_refused() {
        let report = Report {
            logs: vec!["a".into(), "б".into()],
            stats: BotStats {
                decisions: 3,
                slowest_call: "claim",
                lowest_bank: Some(12),
                timeouts: vec!["claim: ran longer than 5 ms, after 6 ms".into()],
                ..BotStats::default()
            },
            memory: 77,
            bank: Bank {
                instructions: -3,
                time_ns: 1 << 40,
                dry: true,
            },
        };
        let replies = [
            Reply::Loaded {
                name: Some("x".into()),
                observes: true,
                memory: 5,
            },
            Reply::LoadFailed {
                reason: Some(PenaltyReason::Budget),
                message: "m".into(),
                russian: "м".into(),
            },
            Reply::Done(report.clone()),
            Reply::Decided {
                answer: Ok(Decision::Reroll(Positions::ALL)),
                report: report.clone(),
            },
            Reply::Decided {
                answer: Err((PenaltyReason::Illegal, "bad".into())),
                report,
            },
        ];
        for r in replies {
            let bytes = r.encode();
            assert_eq!(Reply::decode(&bytes).as_ref(), Some(&r));
            // Every truncation and an extra byte are refused, never a panic.
            for cut in 0..bytes.len() {
                assert_eq!(Reply::decode(&bytes[..cut]), None);
            }
            let mut longer = bytes.clone();
            longer.push(0);
            assert_eq!(Reply::decode(&longer), None);
        }
        assert_eq!(Reply::decode(&[9, 9, 9]), None);
    }

    #[test]
    fn a_load_carries_the_params_and_refuses_bad_ones() {
        let mut params = BotParams::default();
        params.insert("slack", ParamValue::Float(0.04)).unwrap();
        params
            .insert("style", ParamValue::Text("sly".into()))
            .unwrap();
        let load = |params: &BotParams| Request::Load {
            chunk: "b.lua".into(),
            code: b"return {}".to_vec(),
            params: params.clone(),
            limits: BotLimits::default(),
        };
        let Some(Request::Load { params: got, .. }) = Request::decode(&load(&params).encode())
        else {
            panic!("not a load");
        };
        assert_eq!(got, params);
        // A child is sent only what a table file could give.
        let bad: BotParams = serde_json::from_str(r#"{"2fast": 1}"#).unwrap();
        assert!(Request::decode(&load(&bad).encode()).is_none());
    }

    #[test]
    fn a_match_started_again_carries_the_bank_left() {
        let bank = Bank {
            instructions: 12,
            time_ns: -5,
            dry: false,
        };
        for sent in [None, Some(bank)] {
            let request = Request::BeginMatch {
                seat: 1,
                games: 3,
                seed: 9,
                rules: Rules::default(),
                seats: Vec::new(),
                bank: sent,
            };
            let bytes = request.encode();
            let Some(Request::BeginMatch { bank: got, .. }) = Request::decode(&bytes) else {
                panic!("not a match");
            };
            assert_eq!(got, sent);
            assert!(Request::decode(&bytes[..bytes.len() - 1]).is_none());
        }
    }

    #[test]
    fn frames_split_whole_only() {
        let mut buf = Vec::new();
        write_frame(&mut buf, b"hello").unwrap();
        write_frame(&mut buf, b"").unwrap();
        let mut partial = buf[..6].to_vec();
        assert_eq!(split_frame(&mut partial), Ok(None));
        assert_eq!(split_frame(&mut buf), Ok(Some(b"hello".to_vec())));
        assert_eq!(split_frame(&mut buf), Ok(Some(Vec::new())));
        assert!(buf.is_empty());
        let mut huge = u32::MAX.to_le_bytes().to_vec();
        assert!(split_frame(&mut huge).is_err());
    }
}
