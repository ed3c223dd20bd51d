//! Realtime: the WebSocket of the spec, its typed events, and the bus that fans them out (to this
//! process's sockets through the hub, and to the other replicas through Redis).

mod bus;
mod events;
pub mod hub;
pub mod socket;

pub use bus::EventBus;
pub use events::Event;
