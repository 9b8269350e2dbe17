//! `liar serve` end to end: the real binary on loopback, real sockets,
//! scripted clients (docs/online.md).

mod event_docs;
mod hostile;
#[cfg(unix)]
mod internet;
#[cfg(unix)]
mod join;
mod journal;
mod play;
mod privacy;
mod reconnect;
mod restart;
mod support;
mod timers;
