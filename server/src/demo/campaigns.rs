//! Campaigns (one finished, one running, one scheduled) with their recipients, and a webhook
//! endpoint whose campaign-status deliveries were delivered.

use std::collections::HashSet;

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set};

use super::{Ctx, customers::People, directory::Directory, insert_batched};
use crate::entities::tenant::{
    campaign, campaign_recipient,
    states::{DeliveryStatus, JobStatus, RecipientStatus},
    webhook_delivery, webhook_endpoint,
};

/// The event type of campaign status webhooks.
const EVENT_TYPE: &str = crate::domain::webhooks::CAMPAIGN_STATUS;

/// A status change a webhook reports.
struct StatusEvent {
    campaign_id: i32,
    name: String,
    status: &'static str,
    at: DateTime<Utc>,
}

/// Returns the number of campaigns created.
pub(super) async fn seed<C: ConnectionTrait>(
    db: &C,
    ctx: &mut Ctx,
    dir: &Directory,
    people: &People,
) -> Result<u64, DbErr> {
    let Some(instance) = dir.instances.first() else {
        return Ok(0);
    };
    let window_days = (ctx.today - ctx.first_day).num_days().max(1);
    let now = ctx.now;
    let reachable: Vec<usize> =
        (0..people.customers.len()).filter(|index| !people.customers[*index].blacklisted).collect();
    let in_group = |name: &str| -> Vec<usize> {
        people
            .groups
            .get(name)
            .map(|members| members.iter().copied().filter(|index| !people.customers[*index].blacklisted).collect())
            .unwrap_or_default()
    };
    let mut events = Vec::new();
    let mut recipients = Vec::new();

    // 1. Finished, some two thirds of the window ago, to the promotions list.
    let started = super::at_local(ctx.first_day + Duration::days(window_days / 3), 10 * 3600);
    let finished = started + Duration::hours(3);
    let id = insert_campaign(
        db,
        now,
        "Promoção de Aniversário",
        instance.id,
        "finished",
        started,
        Some(started),
        Some(finished),
    )
    .await?;
    events.push(StatusEvent {
        campaign_id: id,
        name: "Promoção de Aniversário".into(),
        status: "running",
        at: started,
    });
    events.push(StatusEvent {
        campaign_id: id,
        name: "Promoção de Aniversário".into(),
        status: "finished",
        at: finished,
    });
    let mut audience = in_group("Lista de Promoções");
    if audience.is_empty() {
        audience = reachable.iter().copied().filter(|_| ctx.chance(0.3)).collect();
    }
    for index in audience {
        let status = [
            RecipientStatus::Read,
            RecipientStatus::Delivered,
            RecipientStatus::Sent,
            RecipientStatus::Failed,
            RecipientStatus::Replied,
        ][ctx.pick_weighted(&[45, 25, 10, 5, 15])];
        recipients.push(recipient(ctx, id, people.customers[index].id, status, started));
    }

    // 2. Running since an hour ago, to the VIP customers and a sample of the others.
    let started = now - Duration::hours(1);
    let id = insert_campaign(
        db,
        now,
        "Lançamento Coleção Verão",
        instance.id,
        "running",
        started - Duration::days(1),
        Some(started),
        None,
    )
    .await?;
    events.push(StatusEvent {
        campaign_id: id,
        name: "Lançamento Coleção Verão".into(),
        status: "running",
        at: started,
    });
    // Its pending recipients go out through the instance (the simulator answers) from the
    // first tick on.
    queue_tick(db, id, now).await?;
    let vip: HashSet<usize> = in_group("Clientes VIP").into_iter().collect();
    let mut audience: Vec<usize> =
        reachable.iter().copied().filter(|index| vip.contains(index) || ctx.chance(0.1)).collect();
    if audience.is_empty() {
        audience = reachable.iter().copied().take(1).collect();
    }
    for index in audience {
        let status = [
            RecipientStatus::Pending,
            RecipientStatus::Sent,
            RecipientStatus::Delivered,
            RecipientStatus::Read,
            RecipientStatus::Replied,
            RecipientStatus::Failed,
        ][ctx.pick_weighted(&[40, 15, 15, 20, 7, 3])];
        recipients.push(recipient(ctx, id, people.customers[index].id, status, started));
    }

    // 3. Scheduled for the day after tomorrow, to wholesale customers: everyone still pending.
    let scheduled = super::at_local(ctx.today + Duration::days(2), 9 * 3600);
    let id = insert_campaign(db, now, "Reativação Atacado", instance.id, "scheduled", scheduled, None, None).await?;
    events.push(StatusEvent {
        campaign_id: id,
        name: "Reativação Atacado".into(),
        status: "scheduled",
        at: now - Duration::hours(2),
    });
    let mut audience = in_group("Atacado");
    if audience.is_empty() {
        audience = reachable.iter().copied().take(5).collect();
    }
    for index in audience {
        recipients.push(recipient(ctx, id, people.customers[index].id, RecipientStatus::Pending, scheduled));
    }

    insert_batched(db, recipients, None).await?;
    seed_webhooks(db, ctx, &events).await?;
    Ok(3)
}

/// The running campaign's scheduler job (what `campaigns::start` queues).
async fn queue_tick<C: ConnectionTrait>(db: &C, campaign_id: i32, now: DateTime<Utc>) -> Result<(), DbErr> {
    use crate::domain::outbox::{CampaignTick, JobKind};
    crate::entities::tenant::job::Entity::insert(crate::entities::tenant::job::ActiveModel {
        kind: Set(CampaignTick::KIND.to_owned()),
        payload: Set(serde_json::json!({ "campaign_id": campaign_id }).to_string()),
        status: Set(JobStatus::Pending),
        attempts: Set(0),
        run_at: Set(now),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec(db)
    .await?;
    Ok(())
}

#[allow(clippy::too_many_arguments)]
async fn insert_campaign<C: ConnectionTrait>(
    db: &C,
    now: DateTime<Utc>,
    name: &str,
    instance_id: i32,
    status: &str,
    scheduled_at: DateTime<Utc>,
    started_at: Option<DateTime<Utc>>,
    finished_at: Option<DateTime<Utc>>,
) -> Result<i32, DbErr> {
    let created_at = scheduled_at.min(now) - Duration::days(2);
    let body = match name {
        "Promoção de Aniversário" => "Olá {{nome}}! É aniversário da loja: 20% de desconto em tudo até domingo. 🎉",
        "Lançamento Coleção Verão" => "Oi {{nome}}, a coleção Verão chegou! Responda QUERO para ver o catálogo.",
        _ => "Olá {{nome}}, sentimos sua falta! Condições especiais de atacado esta semana.",
    };
    let model = campaign::ActiveModel {
        name: Set(name.to_owned()),
        body: Set(Some(body.to_owned())),
        instance_id: Set(instance_id),
        status: Set(status.to_owned()),
        scheduled_at: Set(Some(scheduled_at)),
        started_at: Set(started_at),
        finished_at: Set(finished_at),
        created_at: Set(created_at),
        updated_at: Set(finished_at.or(started_at).unwrap_or(created_at)),
        ..Default::default()
    };
    Ok(campaign::Entity::insert(model).exec(db).await?.last_insert_id)
}

fn recipient(
    ctx: &mut Ctx,
    campaign_id: i32,
    customer_id: i32,
    status: RecipientStatus,
    started: DateTime<Utc>,
) -> campaign_recipient::ActiveModel {
    let sent_at = (status != RecipientStatus::Pending).then(|| (started + ctx.seconds(5, 3_000)).min(ctx.now));
    let error = (status == RecipientStatus::Failed)
        .then(|| (*ctx.pick(&["provider_rejected", "not_delivered", "provider_unreachable"])).to_owned());
    campaign_recipient::ActiveModel {
        campaign_id: Set(campaign_id),
        customer_id: Set(customer_id),
        status: Set(status),
        sent_at: Set(sent_at),
        error: Set(error),
        status_at: Set(sent_at.unwrap_or(started - Duration::hours(1))),
        created_at: Set(started - Duration::hours(1)),
        updated_at: Set(sent_at.unwrap_or(started - Duration::hours(1))),
        ..Default::default()
    }
}

/// One endpoint, and one delivered webhook per campaign status change.
async fn seed_webhooks<C: ConnectionTrait>(db: &C, ctx: &mut Ctx, events: &[StatusEvent]) -> Result<(), DbErr> {
    let created_at = super::at_local(ctx.first_day, 9 * 3600);
    let endpoint = webhook_endpoint::ActiveModel {
        url: Set("https://hooks.example.com/campanhas".to_owned()),
        secret: Set(format!("whsec_{}", ctx.token(32))),
        event_types: Set(serde_json::json!([EVENT_TYPE])),
        enabled: Set(true),
        disabled_at: Set(None),
        created_at: Set(created_at),
        updated_at: Set(created_at),
        ..Default::default()
    };
    let endpoint_id = webhook_endpoint::Entity::insert(endpoint).exec(db).await?.last_insert_id;

    let deliveries = events
        .iter()
        .map(|event| {
            let webhook_id = format!("msg_{}", ctx.token(24));
            let payload = serde_json::json!({
                "type": EVENT_TYPE,
                "timestamp": event.at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                "data": {
                    "campaignId": event.campaign_id,
                    "campaignName": event.name,
                    "status": event.status,
                    "at": event.at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
                },
            });
            // Now and then the receiver failed once and the retry went through.
            let attempts = if ctx.chance(0.25) { 2 } else { 1 };
            let delivered_at = event.at + Duration::seconds(if attempts == 2 { 35 } else { 1 });
            webhook_delivery::ActiveModel {
                webhook_id: Set(webhook_id),
                endpoint_id: Set(endpoint_id),
                event_type: Set(EVENT_TYPE.to_owned()),
                payload: Set(payload.to_string()),
                status: Set(DeliveryStatus::Delivered),
                attempts: Set(attempts),
                next_attempt_at: Set(None),
                last_status_code: Set(Some(200)),
                last_error: Set(None),
                delivered_at: Set(Some(delivered_at)),
                created_at: Set(event.at),
                updated_at: Set(delivered_at),
                ..Default::default()
            }
        })
        .collect();
    insert_batched(db, deliveries, None).await?;
    Ok(())
}
