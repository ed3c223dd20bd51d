//! Acks that overtake the answer to our send (docs/providers.md#events). The worker stores a
//! send's provider id when the provider answers; a fast provider may push `delivered` or `read` for
//! that id before. Such an ack is kept in `early_acks` for [`KEEP`], and storing the id applies it
//! ([`apply_early`]) — forward only, like every ack. An ack for an id that never becomes ours (a
//! message sent from the phone we were not told of) is dropped after [`KEEP`].

use chrono::{Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use super::messages::{self, ACK_ORDER, FAILED};
use crate::{
    domain::{error::Result, unit::Unit},
    entities::tenant::{early_ack, message},
};

/// How long an ack for an unknown id waits for its send to be recorded. The worker records a
/// provider's answer within seconds; minutes cover a slow batch and a restart.
pub const KEEP: Duration = Duration::minutes(10);

/// Keeps an ack for a provider id no message has (yet), and forgets those older than [`KEEP`]
/// (bounded housekeeping on this rare path, so the table stays small without a job).
pub async fn keep_early(unit: &Unit, instance_id: i32, external_id: &str, ack: &str) -> Result<()> {
    let now = Utc::now();
    early_ack::Entity::delete_many().filter(early_ack::Column::ReceivedAt.lt(now - KEEP)).exec(unit).await?;
    early_ack::ActiveModel {
        instance_id: Set(instance_id),
        external_id: Set(external_id.to_owned()),
        ack: Set(ack.to_owned()),
        received_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    Ok(())
}

/// A send's provider id was just stored on `sent`: the acks that arrived for it before are taken
/// (one statement when there are none) and the furthest is applied; `failed` only when nothing
/// says it was delivered.
pub async fn apply_early(unit: &Unit, sent: message::Model) -> Result<()> {
    let Some(external_id) = sent.external_id.clone() else { return Ok(()) };
    let early = early_ack::Entity::delete_many()
        .filter(early_ack::Column::InstanceId.eq(sent.instance_id))
        .filter(early_ack::Column::ExternalId.eq(external_id))
        .exec_with_returning(unit)
        .await?;
    let Some(ack) = furthest(early.iter().map(|e| e.ack.as_str())) else { return Ok(()) };
    // `set_ack` moved it to `sent` after `sent` was read: read it as it is now.
    let Some(current) = message::Entity::find_by_id(sent.id).one(unit).await? else {
        return Ok(());
    };
    messages::set_ack(unit, current, ack, messages::ack_error(ack)).await?;
    Ok(())
}

/// The ack that the given ones, applied in any order, would leave.
fn furthest<'a>(acks: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let (mut best, mut failed) = (None::<&str>, false);
    for ack in acks {
        match ACK_ORDER.iter().position(|a| *a == ack) {
            Some(rank) if best.is_none_or(|b| ACK_ORDER.iter().position(|a| *a == b) < Some(rank)) => best = Some(ack),
            Some(_) => {}
            None => failed |= ack == FAILED,
        }
    }
    match best {
        Some(ack) if ack != "sent" && ack != "queued" => Some(ack),
        _ if failed => Some(FAILED),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_furthest_ack_wins_and_failed_only_without_a_delivery() {
        assert_eq!(furthest(["delivered", "read"].into_iter()), Some("read"));
        assert_eq!(furthest(["read", "delivered"].into_iter()), Some("read"), "arrival order does not matter");
        assert_eq!(furthest(["failed"].into_iter()), Some("failed"));
        assert_eq!(furthest(["failed", "delivered"].into_iter()), Some("delivered"));
        assert_eq!(furthest(["sent"].into_iter()), None, "the message is sent already");
        assert_eq!(furthest(std::iter::empty()), None);
    }
}
