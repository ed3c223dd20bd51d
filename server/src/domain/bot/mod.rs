//! Maria, the tenant's menu bot (docs/bot.md; feature `chatbot`): a greeting and a numbered menu
//! in front of new tickets that answers simple questions itself and routes everything else to the
//! right department, so that people only see tickets that need a person.
//!
//! - [`config`]: what administrators configure, per tenant or per instance, checked once;
//! - [`matching`] and [`dialogue`]: what the bot says and decides, pure functions;
//! - [`live`]: the bot in front of real customers, on the inbox's tickets and outbox;
//! - [`simulate`]: the editor's simulator, the same dialogue with nothing sent;
//! - [`panel`]: the live figures of the Maria panel (the daily ones are in the analytics sync).

pub mod config;
pub mod dialogue;
pub mod live;
pub mod matching;
pub mod panel;
pub mod simulate;
