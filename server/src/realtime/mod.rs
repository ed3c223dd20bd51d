//! Realtime: the WebSocket of the spec, its typed events, and the bus that fans them out.

mod bus;
mod events;
pub mod socket;

pub use bus::{BusMessage, EventBus};
pub use events::Event;
