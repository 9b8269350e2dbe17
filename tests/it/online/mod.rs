//! `liar serve` end to end: the real binary on loopback, real sockets,
//! scripted clients (docs/online.md).

mod hostile;
mod journal;
mod play;
mod privacy;
mod reconnect;
mod support;
mod timers;
