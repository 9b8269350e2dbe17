//! Seat tokens: 128 random bits from the operating system, given to the
//! person as 32 hex digits; the server keeps only their SHA-256 and
//! compares in constant time.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The SHA-256 of a token: what the server keeps.
pub type TokenHash = [u8; 32];

/// A fresh token and its hash, or why the OS gave no randomness.
pub fn new_token() -> Result<(String, TokenHash), String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| e.to_string())?;
    let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let hash = hash(&token);
    Ok((token, hash))
}

/// The hash kept for `token`.
pub fn hash(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

/// Whether `token` is the one `kept` is the hash of, in constant time.
///
/// ```
/// use liar::server::token::{hash, matches, new_token};
/// let (token, kept) = new_token().unwrap();
/// assert_eq!(token.len(), 32);
/// assert!(matches(&kept, &token));
/// assert!(!matches(&kept, "0123"));
/// assert_eq!(hash(&token), kept);
/// ```
pub fn matches(kept: &TokenHash, token: &str) -> bool {
    hash(token).ct_eq(kept).into()
}
