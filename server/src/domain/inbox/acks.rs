//! Applying an ack to one of our messages, and what follows it: the message moves forward only
//! (`conversations::messages::set_ack`), and a campaign's message moves its recipient
//! (`campaigns::sending::message_acked`). The provider's events, the worker's sends and the acks
//! that overtook a send all come through here, so a campaign never misses one.

use crate::{
    domain::{
        campaigns,
        conversations::{
            acks,
            messages::{self, Ack},
        },
        error::Result,
        unit::Unit,
    },
    entities::tenant::message,
};

/// Applies `ack` to a message; `reason` is the normalized failure reason a campaign's recipient
/// keeps (`provider_rejected`, ...). Answers whether the ack moved.
pub async fn apply(
    unit: &Unit,
    found: message::Model,
    ack: Ack,
    error: Option<String>,
    reason: Option<&str>,
) -> Result<bool> {
    let (id, campaign) = (found.id, campaigns::sending::is_campaign(&found));
    let moved = messages::set_ack(unit, found, ack, error).await?;
    if moved && campaign {
        campaigns::sending::message_acked(unit, id, ack, reason).await?;
    }
    Ok(moved)
}

/// A send's provider id was just stored: the acks that arrived for it before apply now.
pub async fn apply_early(unit: &Unit, sent: &message::Model) -> Result<()> {
    if let Some((current, ack)) = acks::take_early(unit, sent).await? {
        apply(unit, current, ack, messages::ack_error(ack), None).await?;
    }
    Ok(())
}
