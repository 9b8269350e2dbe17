//! Playing over the network: the protocol that `liar serve` speaks and its
//! clients (`liar join`, the web table, programs others write) use. The
//! messages are plain data here; the server and its web stack live in
//! [`crate::server`], the terminal client in [`crate::app`].

mod client;
mod protocol;

pub use client::{ClientError, Connection};
pub use protocol::*;
