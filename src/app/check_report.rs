//! How `liar check-bot` tells a bot's author what [`check_bot`] found, in
//! English or Russian (the words are [`CheckMsg`]).
//!
//! [`check_bot`]: crate::lua::check_bot

use crate::engine::PenaltyReason;
use crate::i18n::{CheckMsg, Lang};
use crate::lua::{API_VERSION, CheckReport, CheckWarning, ReplayDifference, bytes};
use crate::text::cut_bytes;
use std::fmt;

/// One warning in words, with the report's figures.
fn warning(report: &CheckReport, w: CheckWarning, lang: Lang) -> String {
    let limits = &report.limits;
    let s = &report.stats;
    let (peak, limit) = (bytes(s.memory_peak), bytes(limits.memory_bytes()));
    let msg = match w {
        CheckWarning::LogLimit => CheckMsg::WarnLogLimit {
            lines: limits.log_lines,
        },
        CheckWarning::NearBudget => CheckMsg::WarnNearBudget {
            used: s.most_instructions,
            limit: limits.instructions,
        },
        CheckWarning::LowBank => CheckMsg::WarnLowBank {
            share: limits.bank_share(),
        },
        CheckWarning::Slow => CheckMsg::WarnSlow {
            ms: s.slowest.as_secs_f64() * 1000.0,
            limit: limits.wall_ms,
        },
        CheckWarning::LargeState => CheckMsg::WarnLargeState {
            peak: &peak,
            limit: &limit,
        },
        CheckWarning::Nondeterministic => CheckMsg::WarnNondeterministic,
        CheckWarning::CarriesOver => CheckMsg::WarnCarriesOver,
    };
    msg.text(lang)
}

/// Where two runs of a match differ.
fn say_difference(say: &mut impl FnMut(CheckMsg<'_>), d: &ReplayDifference, lang: Lang) {
    let nothing = CheckMsg::Nothing.text(lang);
    let show = |l: &Option<String>| l.as_deref().map_or(nothing.clone(), |s| cut_bytes(s, 160));
    let (first, second) = (show(&d.first), show(&d.second));
    say(CheckMsg::Difference {
        line: d.line,
        first: &first,
        second: &second,
    });
}

/// The report as the terminal shows it, in `lang`.
pub fn report_text(report: &CheckReport, lang: Lang) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut say = |m: CheckMsg<'_>| lines.push(m.text(lang));
    say(CheckMsg::Checking {
        chunk: &report.chunk,
        name: report.name.as_deref(),
    });
    if let Some(e) = &report.load_error {
        say(CheckMsg::LoadFailed);
        lines.push(format!("    {}", e.text(lang)));
        lines.push(CheckMsg::FailNoLoad.text(lang));
        return lines.join("\n") + "\n";
    }
    let state = bytes(report.memory_after_load);
    say(CheckMsg::Loaded {
        api: API_VERSION,
        state: &state,
    });
    let opponents = report.opponents.join(", ");
    say(CheckMsg::Played {
        games: report.games,
        opponents: &opponents,
        wins: report.wins,
    });
    let total = report.penalty_total();
    if total == 0 {
        say(CheckMsg::NoPenalties);
    } else {
        let reasons: Vec<String> = PenaltyReason::ALL
            .iter()
            .zip(report.penalty_counts)
            .filter(|(_, n)| *n > 0)
            .map(|(&reason, n)| format!("{} {n}", CheckMsg::ReasonName { reason }.text(lang)))
            .collect();
        say(CheckMsg::Penalties {
            total,
            reasons: &reasons.join(", "),
        });
        for p in &report.penalties {
            let reason = CheckMsg::ReasonName { reason: p.reason }.text(lang);
            say(CheckMsg::Penalty {
                round: p.game.0,
                game: p.game.1,
                reason: &reason,
                detail: &p.detail,
            });
        }
        for text in &report.stats.timeouts {
            say(CheckMsg::MeasuredTimeout { text });
        }
        let listed = report.penalties.len();
        if total as usize > listed {
            say(CheckMsg::MorePenalties {
                more: total as usize - listed,
            });
        }
    }
    let s = &report.stats;
    say(CheckMsg::Slowest {
        ms: s.slowest.as_secs_f64() * 1000.0,
        call: if s.slowest_call.is_empty() {
            "-"
        } else {
            s.slowest_call
        },
        decisions: s.decisions,
        observed: s.observed,
    });
    let limit = report.limits.instructions;
    say(CheckMsg::BudgetBusiest {
        used: s.most_instructions,
        limit,
    });
    if let Some(lowest) = s.lowest_bank {
        say(CheckMsg::BankLowest {
            lowest,
            bank: report.limits.bank_instructions,
            share: report.limits.bank_share(),
        });
    }
    let (peak, most) = (bytes(s.memory_peak), bytes(report.limits.memory_bytes()));
    say(CheckMsg::Memory {
        peak: &peak,
        limit: &most,
    });
    match report.deterministic {
        Some(true) => say(CheckMsg::DeterministicYes),
        Some(false) => {
            say(CheckMsg::DeterministicNo);
            if let Some(d) = &report.difference {
                say_difference(&mut say, d, lang);
            }
        }
        None => say(CheckMsg::DeterministicUnchecked),
    }
    match report.fresh_start {
        Some(true) => say(CheckMsg::FreshStartYes),
        Some(false) => {
            say(CheckMsg::FreshStartNo);
            if let Some(d) = &report.carried_over {
                say_difference(&mut say, d, lang);
            }
        }
        // Unchecked: the line above says why.
        None => {}
    }
    for w in &report.warnings {
        say(CheckMsg::Warning {
            text: &warning(report, *w, lang),
        });
    }
    if report.passed() {
        say(CheckMsg::Pass);
    } else {
        say(CheckMsg::Fail { total });
    }
    lines.join("\n") + "\n"
}

/// The report as the terminal shows it, in English.
impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&report_text(self, Lang::En))
    }
}
