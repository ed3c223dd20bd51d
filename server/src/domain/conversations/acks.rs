//! Acks that overtake the answer to our send (docs/providers.md#events). The worker stores a
//! send's provider id when the provider answers; a fast provider may push `delivered` or `read` for
//! that id before. Such an ack is kept in `early_acks` for [`KEEP`], and storing the id takes it
//! ([`take_early`]; the worker applies it through `domain::inbox::acks`) — forward only, like every ack. An ack for an id that never becomes ours (a
//! message sent from the phone we were not told of) is dropped after [`KEEP`].

use chrono::{Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use super::messages::{Ack, ack_rank};
use crate::{
    domain::{error::Result, unit::Unit},
    entities::tenant::{early_ack, message},
};

/// How long an ack for an unknown id waits for its send to be recorded. The worker records a
/// provider's answer within seconds; minutes cover a slow batch and a restart.
pub const KEEP: Duration = Duration::minutes(10);

/// Keeps an ack for a provider id no message has (yet), and forgets those older than [`KEEP`]
/// (bounded housekeeping on this rare path, so the table stays small without a job).
pub async fn keep_early(unit: &Unit, instance_id: i32, external_id: &str, ack: Ack) -> Result<()> {
    let now = Utc::now();
    early_ack::Entity::delete_many().filter(early_ack::Column::ReceivedAt.lt(now - KEEP)).exec(unit).await?;
    early_ack::ActiveModel {
        instance_id: Set(instance_id),
        external_id: Set(external_id.to_owned()),
        ack: Set(ack.as_str().to_owned()),
        received_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    Ok(())
}

/// A send's provider id was just stored on `sent`: the acks that arrived for it before are taken
/// (one statement when there are none). Answers the message as it is now and the furthest of
/// them, for the caller to apply; `failed` only when nothing says it was delivered.
pub async fn take_early(unit: &Unit, sent: &message::Model) -> Result<Option<(message::Model, Ack)>> {
    let Some(external_id) = sent.external_id.clone() else { return Ok(None) };
    let early = early_ack::Entity::delete_many()
        .filter(early_ack::Column::InstanceId.eq(sent.instance_id))
        .filter(early_ack::Column::ExternalId.eq(external_id))
        .exec_with_returning(unit)
        .await?;
    let Some(ack) = furthest(early.iter().filter_map(|e| Ack::parse(&e.ack))) else { return Ok(None) };
    // `set_ack` moved it to `sent` after `sent` was read: read it as it is now.
    Ok(message::Entity::find_by_id(sent.id).one(unit).await?.map(|current| (current, ack)))
}

/// The ack that the given ones, applied in any order, would leave.
fn furthest(acks: impl Iterator<Item = Ack>) -> Option<Ack> {
    let (mut best, mut failed) = (None::<Ack>, false);
    for ack in acks {
        match ack_rank(ack) {
            Some(rank) if best.is_none_or(|b| ack_rank(b) < Some(rank)) => best = Some(ack),
            Some(_) => {}
            None => failed = true,
        }
    }
    match best {
        Some(ack) if ack != Ack::Sent && ack != Ack::Queued => Some(ack),
        _ if failed => Some(Ack::Failed),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_furthest_ack_wins_and_failed_only_without_a_delivery() {
        use Ack::*;
        assert_eq!(furthest([Delivered, Read].into_iter()), Some(Read));
        assert_eq!(furthest([Read, Delivered].into_iter()), Some(Read), "arrival order does not matter");
        assert_eq!(furthest([Failed].into_iter()), Some(Failed));
        assert_eq!(furthest([Failed, Delivered].into_iter()), Some(Delivered));
        assert_eq!(furthest([Sent].into_iter()), None, "the message is sent already");
        assert_eq!(furthest(std::iter::empty()), None);
    }
}
