//! `liar serve` end to end: the real binary on loopback, real sockets,
//! scripted clients (docs/online.md).

mod play;
mod privacy;
mod reconnect;
mod support;
