//! Media of the conversation (docs/media.md): the files messages carry — their types, where their
//! bytes are kept, what is learned from the bytes (type, dimensions, duration, a thumbnail), the
//! links that serve them, the limits of each channel and the fetching of what a provider points
//! at. Records floor: `media` is a table and the rules that keep it whole; the flows that attach a
//! medium to a message are the inbox's (`inbox::media`).

/// Fetching a provider's medium from its URL under the outbound rules.
pub mod fetch;
/// Files attached to a bot's answer or a campaign, and what keeps them from the retention.
pub mod holds;
/// Files in, deduplicated by SHA-256: hashed, typed, probed, stored, recorded.
pub mod ingest;
/// What the bytes are, from their magic numbers; what a browser may show inline.
pub mod kinds;
/// The channels' limits (type, size) an upload is checked against.
pub mod limits;
/// Expiring, unguessable links to a message's medium.
pub mod links;
/// The JSON a message keeps beside its text: file name, voice flag, source, location, contacts.
pub mod payload;
/// Reading the bytes: image dimensions under caps, thumbnails, Ogg/Opus duration and waveform.
pub mod probe;
/// The threads media is decoded on, yielding the CPU to requests.
pub mod processing;
/// Where the bytes live: the data directory, or S3-compatible object storage.
pub mod store;
/// Media nothing holds, removed after a day by the retention.
pub mod unused;
/// Browser voice notes (WebM/Opus) remuxed into Ogg/Opus, the container WhatsApp plays.
pub mod voice;

pub use kinds::MediaType;
pub use store::MediaStore;

/// The largest file accepted, from a provider or an upload (the largest channel limit: documents).
pub const MAX_BYTES: u64 = 100 * 1024 * 1024;
/// Inline bytes a provider may put in an event instead of a URL (stickers, tiny images).
pub const MAX_INLINE_BYTES: usize = 64 * 1024;
