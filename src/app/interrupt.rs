//! Ctrl-C: the first one asks the running match to stop cleanly (the replay
//! and results so far are kept); a second one exits at once. At a question
//! to a person the match stops at once, and the question says so
//! ([`crate::human::stop_notice`]).

use crate::human::StopNotice;
use crate::i18n::{AppMsg, Lang};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// A seed drawn at random, said on standard error if a second Ctrl-C ends
/// the process before the match could reveal it.
static SECRET_SEED: OnceLock<AtomicU64> = OnceLock::new();

/// Whether the handler speaks Russian (set by [`speak`]).
static RUSSIAN: AtomicBool = AtomicBool::new(false);

/// Remembers a drawn seed so that even an exit at once reveals it.
pub fn reveal_on_exit(seed: u64) {
    SECRET_SEED
        .get_or_init(|| AtomicU64::new(seed))
        .store(seed, Ordering::SeqCst);
}

/// The language of the handler's messages.
pub fn speak(lang: Lang) {
    RUSSIAN.store(lang == Lang::Ru, Ordering::SeqCst);
}

fn lang() -> Lang {
    if RUSSIAN.load(Ordering::SeqCst) {
        Lang::Ru
    } else {
        Lang::En
    }
}

/// The process's stop flag, set by Ctrl-C (the handler is installed on first use).
pub fn stop_flag() -> Arc<AtomicBool> {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let handler_flag = flag.clone();
        // If no handler can be installed, Ctrl-C simply ends the process as usual.
        let _ = ctrlc::set_handler(move || {
            if handler_flag.swap(true, Ordering::SeqCst) {
                if let Some(seed) = SECRET_SEED.get() {
                    let seed = seed.load(Ordering::SeqCst);
                    super::stdout::note(&format!("\n{}", AppMsg::SeedAtExit { seed }.text(lang())));
                }
                std::process::exit(130);
            }
            match crate::human::stop_notice() {
                StopNotice::Silent => {}
                StopNotice::Say(text) => super::stdout::note(&format!("\nliar: {text}")),
                StopNotice::Default => {
                    super::stdout::note(&format!("\n{}", AppMsg::Stopping.text(lang())))
                }
            }
        });
        flag
    })
    .clone()
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    FLAG.get().is_some_and(|f| f.load(Ordering::SeqCst))
}
