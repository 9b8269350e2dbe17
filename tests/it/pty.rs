//! A real `liar` in a pseudo-terminal, as a person at a keyboard uses it:
//! wait for its next prompt (`> `) or its end, type a line, read what it
//! wrote. `liar play` (tests/it/human/terminal.rs) and `liar join`
//! (tests/it/online/join.rs) are both driven through it. Every wait is
//! bounded.

use rexpect::process::WaitStatus;
use rexpect::reader::ReadUntil;
use rexpect::session::{PtySession, spawn_command};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// The longest wait for the program's next prompt or its end.
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// The most prompts a test answers before giving up on a match.
pub const MAX_PROMPTS: usize = 400;

/// `liar` running in a pseudo-terminal, and what it wrote so far.
pub struct Terminal {
    pub session: PtySession,
    /// The output, with line ends made `\n`, and each line typed written
    /// after its prompt (as a terminal echoes it).
    pub transcript: String,
}

/// What the program asked last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    /// A prompt, with the output since the previous one.
    Prompt(String),
    /// The program ended, with its last output.
    End(String),
}

impl Terminal {
    /// Starts `liar ARGS` with no language from the environment, no
    /// colours, and `data_home` as its data folder (`XDG_DATA_HOME`).
    pub fn start_in(data_home: &Path, args: &[&str]) -> Terminal {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_liar"));
        cmd.args(args)
            .env_remove("LANG")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("XDG_DATA_HOME", data_home)
            .env("NO_COLOR", "1");
        let timeout = u64::try_from(TIMEOUT.as_millis()).unwrap_or(u64::MAX);
        let session = spawn_command(cmd, Some(timeout)).expect("a pseudo-terminal");
        Terminal {
            session,
            transcript: String::new(),
        }
    }

    /// Waits for the next prompt (`> `) or the end of the program.
    pub fn next(&mut self) -> Asked {
        let needles = vec![ReadUntil::String("> ".into()), ReadUntil::EOF];
        let (before, matched) = self.session.exp_any(needles).unwrap_or_else(|e| {
            panic!("no prompt and no end: {e}\n{}", self.transcript);
        });
        let chunk = decode(&format!("{before}{matched}"));
        self.transcript.push_str(&chunk);
        if matched == "> " {
            Asked::Prompt(chunk)
        } else {
            Asked::End(chunk)
        }
    }

    /// Types `text` and Enter, in one write (several lines if it has `\n`).
    pub fn type_line(&mut self, text: &str) {
        self.session.send_line(text).expect("typing");
        let first = text.lines().next().unwrap_or_default();
        self.transcript.push_str(first);
        self.transcript.push('\n');
    }

    /// Answers every prompt with `answer` until the program ends; returns
    /// its exit code.
    pub fn play(&mut self, mut answer: impl FnMut(&str) -> String) -> i32 {
        for _ in 0..MAX_PROMPTS {
            match self.next() {
                Asked::Prompt(chunk) => {
                    let line = answer(&chunk);
                    self.type_line(&line);
                }
                Asked::End(_) => return self.exit_code(),
            }
        }
        panic!("the match did not end:\n{}", self.transcript);
    }

    /// The program's exit code, once it ended.
    pub fn exit_code(&mut self) -> i32 {
        match self.session.process().wait() {
            Ok(WaitStatus::Exited(_, code)) => code,
            other => panic!("{other:?}\n{}", self.transcript),
        }
    }
}

/// The pseudo-terminal's text: each byte was read as a char; line ends
/// become `\n`.
pub fn decode(raw: &str) -> String {
    let bytes: Vec<u8> = raw.chars().map(|c| c as u32 as u8).collect();
    String::from_utf8_lossy(&bytes).replace("\r\n", "\n")
}
