//! How `liar check-bot` tells a bot's author what [`check_bot`] found.
//!
//! [`check_bot`]: crate::lua::check_bot

use crate::engine::PenaltyReason;
use crate::lua::{API_VERSION, BotLimits, CheckReport, CheckWarning, bytes};
use crate::text::cut_bytes;
use std::fmt;

/// One warning in words, with the report's figures.
fn warning(report: &CheckReport, w: CheckWarning) -> String {
    let limits = &report.limits;
    let s = &report.stats;
    match w {
        CheckWarning::LogLimit => format!(
            "the bot wrote more than the log limit of {} lines in a game; the rest were dropped",
            limits.log_lines
        ),
        CheckWarning::NearBudget => format!(
            "one call used about {} of its {} instructions: close to the budget",
            s.most_instructions, limits.instructions
        ),
        CheckWarning::Slow => format!(
            "the slowest call took {:.1} ms, a large part of the {} ms limit",
            s.slowest.as_secs_f64() * 1000.0,
            limits.wall_ms
        ),
        CheckWarning::LargeState => format!(
            "the bot's state grew to {} of its {} limit",
            bytes(s.memory_peak),
            bytes(limits.memory_bytes())
        ),
        CheckWarning::Nondeterministic => "the same seed gave different play: iterating with \
             pairs() over string keys, tostring() of tables or collectgarbage(\"count\") vary \
             between runs; use liar.sorted_pairs and liar.random"
            .to_string(),
    }
}

/// The report as the terminal shows it.
impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.name {
            Some(n) => writeln!(f, "Checking {} (\"{n}\")", self.chunk)?,
            None => writeln!(f, "Checking {}", self.chunk)?,
        }
        if let Some(e) = &self.load_error {
            writeln!(f, "  load:          FAILED")?;
            writeln!(f, "    {e}")?;
            return writeln!(f, "Result: FAIL (the bot did not load)");
        }
        writeln!(
            f,
            "  load:          ok, api_version {API_VERSION}, state {}",
            bytes(self.memory_after_load)
        )?;
        writeln!(
            f,
            "  played:        {} games against {}; won {}",
            self.games,
            self.opponents.join(", "),
            self.wins
        )?;
        let total = self.penalty_total();
        if total == 0 {
            writeln!(f, "  penalties:     none")?;
        } else {
            let by_reason: Vec<String> = PenaltyReason::ALL
                .iter()
                .zip(self.penalty_counts)
                .filter(|(_, n)| *n > 0)
                .map(|(r, n)| format!("{} {n}", r.name()))
                .collect();
            writeln!(f, "  penalties:     {total} ({})", by_reason.join(", "))?;
            for p in &self.penalties {
                writeln!(
                    f,
                    "    match {} game {}: {}: {}",
                    p.game.0,
                    p.game.1,
                    p.reason.name(),
                    p.detail
                )?;
            }
            if (total as usize) > self.penalties.len() {
                writeln!(
                    f,
                    "    ... and {} more",
                    total as usize - self.penalties.len()
                )?;
            }
        }
        let s = &self.stats;
        writeln!(
            f,
            "  slowest call:  {:.3} ms ({}); {} decisions, {} events observed",
            s.slowest.as_secs_f64() * 1000.0,
            if s.slowest_call.is_empty() {
                "-"
            } else {
                s.slowest_call
            },
            s.decisions,
            s.observed
        )?;
        if s.most_instructions <= u64::from(BotLimits::HOOK_STEP) {
            writeln!(
                f,
                "  budget:        every call used fewer than {} of its {} instructions",
                BotLimits::HOOK_STEP,
                self.limits.instructions
            )?;
        } else {
            writeln!(
                f,
                "  budget:        the busiest call used about {} of its {} instructions",
                s.most_instructions, self.limits.instructions
            )?;
        }
        writeln!(
            f,
            "  memory peak:   {} (limit {})",
            bytes(s.memory_peak),
            bytes(self.limits.memory_bytes())
        )?;
        match self.deterministic {
            Some(true) => writeln!(
                f,
                "  deterministic: yes (the same seed replayed identically)"
            )?,
            Some(false) => {
                writeln!(f, "  deterministic: NO")?;
                if let Some(d) = &self.difference {
                    let show = |l: &Option<String>| {
                        l.as_deref()
                            .map_or("(nothing)".to_string(), |s| cut_bytes(s, 160))
                    };
                    writeln!(
                        f,
                        "    replay line {}: first run {}, second run {}",
                        d.line,
                        show(&d.first),
                        show(&d.second)
                    )?;
                }
            }
            None => writeln!(f, "  deterministic: not checked")?,
        }
        for w in &self.warnings {
            writeln!(f, "  warning: {}", warning(self, *w))?;
        }
        if self.passed() {
            writeln!(f, "Result: PASS")
        } else {
            writeln!(f, "Result: FAIL ({total} penalties)")
        }
    }
}
