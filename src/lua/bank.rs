//! The match bank: what a bot may spend over a whole match, besides what
//! each call may spend.
//!
//! Per-call limits alone let a bot use nearly all of them on every call, so
//! that a match lasts as long as its calls allow. The bank bounds the
//! match: it starts with [`BotLimits::bank_instructions`] and
//! [`BotLimits::bank_ms`], each decision and `observe` adds a share of the
//! per-call limits before it runs ([`BotLimits::bank_share`],
//! [`BotLimits::bank_share_time`]) and may use no more than the bank then
//! holds, and what the call used is taken out. A bot that averages at most
//! that share never draws the reserve down; one that ran the bank dry is
//! disqualified for the rest of the match. The instructions are counted exactly (the bank is as
//! deterministic as the budget, and the view shows it); the time is the
//! safety net.

use super::failure::{Failure, Overrun};
use super::hook::Interrupt;
use crate::engine::PlayerError;
use crate::setup::BotLimits;
use std::time::Duration;

/// What a bot has left to spend in the match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bank {
    /// Instructions (below zero only after a charge larger than the call's
    /// allowance, see [`Bank::charge_killed`]).
    pub(crate) instructions: i64,
    /// Processor time, in nanoseconds (below zero once overdrawn).
    pub(crate) time_ns: i64,
    /// Whether the bank ran dry: the seat is out of the match.
    pub(crate) dry: bool,
}

/// What one call may spend: its per-call limits, or what the bank holds
/// when that is less.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Allowance {
    /// Instructions the call may run.
    pub(crate) instructions: u64,
    /// Processor time the call may use.
    pub(crate) time: Duration,
    /// Whether `instructions` is what the bank holds (not the per-call
    /// budget).
    instructions_banked: bool,
    /// Whether `time` is what the bank holds.
    time_banked: bool,
}

impl Allowance {
    /// A call outside the bank (loading, starting a match): the per-call
    /// limits.
    pub(crate) fn per_call(limits: &BotLimits) -> Allowance {
        Allowance {
            instructions: limits.instructions,
            time: limits.wall(),
            instructions_banked: false,
            time_banked: false,
        }
    }
}

fn saturating_i64(n: u128) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

impl Bank {
    /// The bank a match starts with.
    pub(crate) fn full(limits: &BotLimits) -> Bank {
        Bank {
            instructions: saturating_i64(u128::from(limits.bank_instructions)),
            time_ns: saturating_i64(limits.bank_time().as_nanos()),
            dry: false,
        }
    }

    /// A call begins: the bank gains its share and says what the call may
    /// spend.
    pub(crate) fn open(&mut self, limits: &BotLimits) -> Allowance {
        self.instructions = self
            .instructions
            .saturating_add(saturating_i64(u128::from(limits.bank_share())));
        self.time_ns = self
            .time_ns
            .saturating_add(saturating_i64(limits.bank_share_time().as_nanos()));
        let held = u64::try_from(self.instructions).unwrap_or(0);
        let time = Duration::from_nanos(u64::try_from(self.time_ns).unwrap_or(0));
        Allowance {
            instructions: held.min(limits.instructions),
            time: time.min(limits.wall()),
            instructions_banked: held <= limits.instructions,
            time_banked: time <= limits.wall(),
        }
    }

    /// A call ended: it used `instructions` and `time`, and was stopped by
    /// `stopped` (the budget or the clock, a return past its time counting
    /// as the clock). Returns what ran dry if the bank did: the call was
    /// stopped at what the bank held, not at its per-call limit.
    pub(crate) fn close(
        &mut self,
        allowance: &Allowance,
        instructions: u64,
        time: Duration,
        stopped: Option<Interrupt>,
    ) -> Option<Interrupt> {
        self.instructions = self
            .instructions
            .saturating_sub(saturating_i64(u128::from(instructions)));
        self.time_ns = self.time_ns.saturating_sub(saturating_i64(time.as_nanos()));
        let dry = match stopped {
            Some(Interrupt::Budget) if allowance.instructions_banked => Some(Interrupt::Budget),
            Some(Interrupt::Timeout) if allowance.time_banked => Some(Interrupt::Timeout),
            _ if self.time_ns < 0 => Some(Interrupt::Timeout),
            _ => None,
        };
        self.dry |= dry.is_some();
        dry
    }

    /// A failure as the engine takes it: once the bank is dry it
    /// disqualifies the seat ([`PlayerError::Spent`]).
    pub(crate) fn verdict(&self, (reason, detail): Failure) -> PlayerError {
        if self.dry {
            PlayerError::Spent { reason, detail }
        } else {
            PlayerError::Failed { reason, detail }
        }
    }

    /// A call that never said what it used (its process was killed): it
    /// is charged all it was allowed.
    pub(crate) fn charge_killed(&mut self, limits: &BotLimits) {
        let allowance = self.open(limits);
        self.close(
            &allowance,
            allowance.instructions,
            allowance.time,
            Some(Interrupt::Timeout),
        );
    }
}

/// The failure of a call that ran the bank dry, as the replay records it;
/// `at` is where the budget stopped it.
pub(crate) fn dry(kind: Interrupt, limits: &BotLimits, at: Option<String>) -> Failure {
    let overrun = match kind {
        Interrupt::Budget => Overrun::BankInstructions {
            bank: limits.bank_instructions,
            share: limits.bank_share(),
            at,
        },
        Interrupt::Timeout => Overrun::BankTime {
            ms: limits.bank_ms,
            share_ms: u64::try_from(limits.bank_share_time().as_millis()).unwrap_or(u64::MAX),
        },
    };
    overrun.failure()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> BotLimits {
        BotLimits {
            bank_instructions: 1_000,
            bank_ms: 100,
            instructions: 2_000,
            wall_ms: 200,
            ..BotLimits::default()
        }
    }

    #[test]
    fn each_call_adds_its_share_and_may_spend_at_most_the_bank() {
        let l = limits();
        let mut bank = Bank::full(&l);
        let a = bank.open(&l);
        // 1,000 + 2,000 / 4; 100 ms + 200 ms / 20.
        assert_eq!(a.instructions, 1_500);
        assert_eq!(a.time, Duration::from_millis(110));
        assert_eq!(bank.close(&a, 900, Duration::from_millis(10), None), None);
        let a = bank.open(&l);
        assert_eq!(a.instructions, 1_100);
        // The budget stops a call at what the bank holds: the bank is dry.
        assert_eq!(
            bank.close(&a, 1_100, Duration::ZERO, Some(Interrupt::Budget)),
            Some(Interrupt::Budget)
        );
        assert!(bank.dry);
    }

    #[test]
    fn a_call_stopped_by_its_own_limit_leaves_the_bank_open() {
        let l = BotLimits {
            bank_instructions: 100_000,
            ..limits()
        };
        let mut bank = Bank::full(&l);
        let a = bank.open(&l);
        assert_eq!(a.instructions, 2_000);
        assert_eq!(
            bank.close(&a, 2_000, Duration::ZERO, Some(Interrupt::Budget)),
            None
        );
        assert!(!bank.dry);
        assert_eq!(bank.instructions, 100_000 + 500 - 2_000);
    }

    #[test]
    fn time_overdrawn_runs_the_bank_dry_and_a_killed_call_pays_in_full() {
        let l = limits();
        let mut bank = Bank::full(&l);
        let a = bank.open(&l);
        assert_eq!(
            bank.close(&a, 0, Duration::from_millis(111), None),
            Some(Interrupt::Timeout)
        );
        let mut bank = Bank::full(&l);
        bank.charge_killed(&l);
        assert!(bank.dry);
        assert_eq!(bank.instructions, 0);
    }
}
