//! Progress reporting: the runner counts games, the app decides how to show them.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Told about the run's progress, from any worker thread.
pub trait Progress: Sync {
    /// The run starts with `total` games to play.
    fn start(&self, _total: u64) {}
    /// `games` more games were played.
    fn advance(&self, games: u64);
    /// The run ended (finished or stopped).
    fn finish(&self) {}
}

impl Progress for ProgressBar {
    fn start(&self, total: u64) {
        self.set_length(total);
        self.reset();
    }
    fn advance(&self, games: u64) {
        self.inc(games);
    }
    fn finish(&self) {
        self.abandon();
    }
}

/// A progress bar on standard error — done/total, games/s, ETA — that draws
/// only when standard error is a terminal (silent when piped).
///
/// ```
/// use liar::tournament::{Progress, progress_bar};
/// let bar = progress_bar();
/// bar.start(10);
/// bar.advance(3);
/// assert_eq!(bar.position(), 3);
/// ```
pub fn progress_bar() -> ProgressBar {
    let style = ProgressStyle::with_template(
        "{bar:30} {pos}/{len} games  {per_sec}  ETA {eta}  {elapsed_precise}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr()).with_style(style)
}
