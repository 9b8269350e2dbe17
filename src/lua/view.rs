//! What a bot sees: [`SeatView`]s and [`PublicEvent`]s as Lua tables.
//!
//! In Lua, seats and dice positions count from 1 (seat `s` of the engine
//! and the replay is `s + 1` to a bot), faces are the letters `9 T J Q K A`
//! and hands are written in canonical notation (`"QQQ99"`).
//!
//! Views are the hot path: the Rust side sends only what changed since the
//! last call (chips, turn order, new history entries) and a handful of
//! numbers, and `host.lua` builds the table inside the bot's state.

use super::api::hand_text;
use crate::engine::{
    Accept, Challenge, Claim, Eliminated, GameEnd, GameStart, Penalty, PenaltyAction, PublicEvent,
    RoundStart,
};
use crate::rules::{DecisionKind, Dice, Ranking, RoundAction, Seat, SeatView};
use mlua::{Function, Lua, Table, Value, Variadic};

/// The host functions defined by `host.lua`.
pub(crate) struct HostFns {
    pub(crate) decide: Function,
    pub(crate) set_bot: Function,
    pub(crate) set_match: Function,
    pub(crate) fresh_env: Function,
    set_chips: Function,
    set_order: Function,
    new_round: Function,
    push_history: Function,
}

impl HostFns {
    pub(crate) fn from_table(t: &Table) -> mlua::Result<HostFns> {
        Ok(HostFns {
            decide: t.raw_get("decide")?,
            set_bot: t.raw_get("set_bot")?,
            set_match: t.raw_get("set_match")?,
            fresh_env: t.raw_get("fresh_env")?,
            set_chips: t.raw_get("set_chips")?,
            set_order: t.raw_get("set_order")?,
            new_round: t.raw_get("new_round")?,
            push_history: t.raw_get("push_history")?,
        })
    }
}

/// The decision kinds as `host.lua` numbers them.
pub(crate) fn kind_code(kind: DecisionKind) -> u8 {
    match kind {
        DecisionKind::Respond => 1,
        DecisionKind::Reroll => 2,
        DecisionKind::Claim => 3,
    }
}

/// One history entry in 15 bits (see `host.lua`).
fn pack_action(a: &RoundAction) -> i64 {
    let (action, seat, x) = match *a {
        RoundAction::Claim { seat, claim } => (1, seat, claim.index() + 1),
        RoundAction::Accept { seat } => (2, seat, 0),
        RoundAction::Reroll { seat, count } => (3, seat, usize::from(count)),
    };
    (action | ((seat as i64 & 31) << 2) | ((x as i64 & 255) << 7)) & 0x7fff
}

/// Up to four entries in one integer.
fn pack(actions: &[RoundAction]) -> i64 {
    actions
        .iter()
        .take(4)
        .enumerate()
        .fold(0, |acc, (i, a)| acc | (pack_action(a) << (15 * i)))
}

/// What the bot's state already holds of the table, so each call sends only
/// what changed.
#[derive(Default)]
pub(crate) struct ViewSync {
    /// (game, round) whose history the state holds.
    round: Option<(u32, u32)>,
    /// History entries already sent for that round.
    sent: usize,
    chips: Vec<u32>,
    order: Vec<Seat>,
    valid: bool,
}

impl ViewSync {
    /// Forgets everything (after `set_match`, or when a call failed midway).
    pub(crate) fn reset(&mut self) {
        *self = ViewSync::default();
    }

    /// Calls the bot's function for `kind` with `view` (and `bank`, the
    /// instructions left in its match bank); returns what it
    /// returned (its first value), and the decision already read by
    /// `host.lua` when it is in the usual form (see [`super::decision::read`]).
    pub(crate) fn call(
        &mut self,
        host: &HostFns,
        view: &SeatView<'_>,
        kind: DecisionKind,
        bank: u64,
    ) -> mlua::Result<(Value, Option<i64>)> {
        let result = self.call_inner(host, view, kind, bank);
        if result.is_err() {
            // The state may hold half of an update: send everything next time.
            self.reset();
        }
        result
    }

    fn call_inner(
        &mut self,
        host: &HostFns,
        view: &SeatView<'_>,
        kind: DecisionKind,
        bank: u64,
    ) -> mlua::Result<(Value, Option<i64>)> {
        let key = (view.game, view.round);
        if !self.valid || self.round != Some(key) || view.history.len() < self.sent {
            host.new_round.call::<()>(())?;
            self.round = Some(key);
            self.sent = 0;
        }
        if !self.valid || self.chips != view.chips {
            host.set_chips
                .call::<()>(Variadic::from_iter(view.chips.iter().copied()))?;
            self.chips.clear();
            self.chips.extend_from_slice(view.chips);
        }
        if !self.valid || self.order != view.order {
            host.set_order
                .call::<()>(Variadic::from_iter(view.order.iter().map(|s| s + 1)))?;
            self.order.clear();
            self.order.extend_from_slice(view.order);
        }
        self.valid = true;
        let mut new = &view.history[self.sent.min(view.history.len())..];
        while new.len() > 8 {
            host.push_history.call::<()>(pack(&new[..4]))?;
            new = &new[4..];
        }
        let (h1, h2) = new.split_at(new.len().min(4));
        self.sent = view.history.len();
        let to_beat = view.to_beat;
        let dice = view.dice.filter(|_| kind != DecisionKind::Respond);
        let face = |i: usize| dice.map(|d| d.0[i].index() as i64 + 1);
        host.decide.call::<(Value, Option<i64>)>((
            kind_code(kind),
            view.game,
            view.round,
            view.pot,
            to_beat.map(|t| t.claim.index() as i64 + 1),
            to_beat.map(|t| t.seat as i64 + 1),
            to_beat.and_then(|t| t.rerolled),
            pack(h1),
            pack(h2),
            face(0),
            face(1),
            face(2),
            face(3),
            face(4),
            dice.map(|d| d.hand().index() as i64 + 1),
            bank,
        ))
    }
}

fn seat_list(lua: &Lua, seats: &[Seat]) -> mlua::Result<Table> {
    lua.create_sequence_from(seats.iter().map(|s| s + 1))
}

fn dice_list(lua: &Lua, dice: &Dice) -> mlua::Result<Table> {
    lua.create_sequence_from(dice.0.iter().map(|f| f.letter().to_string()))
}

fn action_name(a: PenaltyAction) -> &'static str {
    match a {
        PenaltyAction::Forfeit => "forfeit",
        PenaltyAction::Fallback => "fallback",
        PenaltyAction::Disqualified => "disqualified",
        PenaltyAction::Recorded => "recorded",
    }
}

/// A public event as the table `observe(event)` receives.
pub(crate) fn event_table(lua: &Lua, event: &PublicEvent, ranking: Ranking) -> mlua::Result<Table> {
    let t = lua.create_table_with_capacity(0, 9)?;
    let seat = |s: Seat| s as i64 + 1;
    let chips = |c: &[u32]| lua.create_sequence_from(c.iter().copied());
    match event {
        PublicEvent::Seating { order } => {
            t.raw_set("type", "seating")?;
            t.raw_set("order", seat_list(lua, order)?)?;
        }
        PublicEvent::GameStart(GameStart {
            game,
            first,
            chips: c,
        }) => {
            t.raw_set("type", "game_start")?;
            t.raw_set("game", *game)?;
            t.raw_set("first", seat(*first))?;
            t.raw_set("chips", chips(c)?)?;
        }
        PublicEvent::RoundStart(RoundStart {
            game,
            round,
            starter,
        }) => {
            t.raw_set("type", "round_start")?;
            t.raw_set("game", *game)?;
            t.raw_set("round", *round)?;
            t.raw_set("starter", seat(*starter))?;
        }
        PublicEvent::Claim(Claim { seat: s, claim }) => {
            t.raw_set("type", "claim")?;
            t.raw_set("seat", seat(*s))?;
            t.raw_set("claim", hand_text(lua, *claim)?)?;
        }
        PublicEvent::Accept(Accept { seat: s }) => {
            t.raw_set("type", "accept")?;
            t.raw_set("seat", seat(*s))?;
        }
        PublicEvent::Reroll { seat: s, count } => {
            t.raw_set("type", "reroll")?;
            t.raw_set("seat", seat(*s))?;
            t.raw_set("count", *count)?;
        }
        PublicEvent::Challenge(Challenge {
            seat: s,
            claimer,
            claim,
            dice,
            claim_true,
            loser,
            chips: c,
            pot,
        }) => {
            t.raw_set("type", "challenge")?;
            t.raw_set("seat", seat(*s))?;
            t.raw_set("claimer", seat(*claimer))?;
            t.raw_set("claim", hand_text(lua, *claim)?)?;
            t.raw_set("dice", dice_list(lua, dice)?)?;
            t.raw_set("hand", hand_text(lua, dice.hand())?)?;
            t.raw_set("category", ranking.category(dice.hand()).name())?;
            t.raw_set("claim_true", *claim_true)?;
            t.raw_set("loser", seat(*loser))?;
            t.raw_set("chips", chips(c)?)?;
            t.raw_set("pot", *pot)?;
        }
        PublicEvent::Penalty(Penalty {
            seat: s,
            reason,
            action,
            chips: c,
            pot,
            ..
        }) => {
            t.raw_set("type", "penalty")?;
            t.raw_set("seat", seat(*s))?;
            t.raw_set("reason", reason.name())?;
            t.raw_set("action", action_name(*action))?;
            if let Some(c) = c {
                t.raw_set("chips", chips(c)?)?;
            }
            if let Some(p) = pot {
                t.raw_set("pot", *p)?;
            }
        }
        PublicEvent::Eliminated(Eliminated { seat: s }) => {
            t.raw_set("type", "eliminated")?;
            t.raw_set("seat", seat(*s))?;
        }
        PublicEvent::GameEnd(GameEnd { game, winner, pot }) => {
            t.raw_set("type", "game_end")?;
            t.raw_set("game", *game)?;
            t.raw_set("winner", seat(*winner))?;
            t.raw_set("pot", *pot)?;
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Hand;

    #[test]
    fn history_packs_into_fifteen_bits_each() {
        let a = [
            RoundAction::Claim {
                seat: 15,
                claim: Hand::HIGHEST,
            },
            RoundAction::Accept { seat: 0 },
            RoundAction::Reroll { seat: 3, count: 5 },
        ];
        let p = pack(&a);
        assert_eq!(p & 3, 1);
        assert_eq!((p >> 2) & 31, 15);
        assert_eq!((p >> 7) & 255, 252);
        assert_eq!((p >> 15) & 0x7fff, 2);
        assert_eq!((p >> 30) & 3, 3);
        assert_eq!((p >> 32) & 31, 3);
        assert_eq!((p >> 37) & 255, 5);
        assert_eq!(p >> 45, 0);
    }
}
