//! The bot's debug lines (`liar.log`, `print`, `warn`) waiting to go to the
//! replay, capped per game.

use crate::setup::BotLimits;
use crate::text::cut_bytes;

/// How the line saying that the cap was reached starts.
const CAP_NOTICE: &str = "[log limit";

/// Whether `line` is the one saying that the cap was reached (or a bot's
/// line that reads the same).
pub(crate) fn is_log_cap_notice(line: &str) -> bool {
    line.starts_with(CAP_NOTICE)
}

/// Pending log lines and this game's allowance.
pub(super) struct LogBuffer {
    lines: Vec<String>,
    /// Lines kept this game.
    kept: u32,
    cap: u32,
    /// Whether the "limit reached" line was written this game.
    capped: bool,
}

impl LogBuffer {
    /// An empty buffer that keeps at most `cap` lines a game.
    pub(super) fn new(cap: u32) -> LogBuffer {
        LogBuffer {
            lines: Vec::new(),
            kept: 0,
            cap,
            capped: false,
        }
    }

    /// A fresh allowance (pending lines stay).
    pub(super) fn begin_game(&mut self) {
        self.kept = 0;
        self.capped = false;
    }

    /// Adds one line: cut to length, control characters shown as `�`;
    /// past the cap, one line saying so and then nothing.
    pub(super) fn push(&mut self, text: &str) {
        if self.kept < self.cap {
            self.kept += 1;
            // Control characters (escape sequences above all) would act on
            // the terminal of whoever reads the log: they are shown as `�`.
            let shown: String = text
                .chars()
                .map(|c| {
                    if c.is_control() && c != '\t' {
                        '\u{fffd}'
                    } else {
                        c
                    }
                })
                .collect();
            self.lines
                .push(cut_bytes(&shown, BotLimits::LOG_LINE_BYTES));
        } else if !self.capped {
            self.capped = true;
            let cap = self.cap;
            self.lines.push(format!(
                "{CAP_NOTICE} of {cap} lines per game reached; further lines of this game are dropped]"
            ));
        }
    }

    /// Drops the pending lines and restores the allowance.
    pub(super) fn clear(&mut self) {
        self.lines.clear();
        self.begin_game();
    }

    /// Moves the pending lines into `out`.
    pub(super) fn take(&mut self, out: &mut Vec<String>) {
        out.append(&mut self.lines);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_is_announced_once_a_game() {
        let mut log = LogBuffer::new(2);
        for line in ["a", "b\u{1b}[2J", "c", "d"] {
            log.push(line);
        }
        log.begin_game();
        log.push("e");
        let mut out = Vec::new();
        log.take(&mut out);
        assert_eq!(
            out,
            [
                "a",
                "b\u{fffd}[2J",
                "[log limit of 2 lines per game reached; further lines of this game are dropped]",
                "e"
            ]
        );
    }
}
