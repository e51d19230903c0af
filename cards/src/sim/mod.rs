//! The rules simulators: exact combat dice, the huge-ship energy round, and
//! the Solo Play Alpha flight system. Each answers from the rules as data,
//! exactly; the app only renders what they return.

pub mod dice;
pub mod energy;
pub mod solo;
