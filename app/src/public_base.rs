//! The address links start with, shared by the server that knows it and
//! the pages that print a link; server only, as the pages read it only in
//! server functions.

/// The address links start with (`--public-url`, or the listening
/// address), for pages that print a link: the printout's QR code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicBase(pub String);
