//! The demo's scheduled messages (docs/scheduled-messages.md): promises the team made to write
//! back — a few due in the coming days, each with its `scheduled.send` job, and a few already sent
//! into their tickets — so "Agendamentos" is not empty on a first visit. Seeding again adds
//! nothing when the tenant already has some.

use chrono::Duration;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use super::{Ctx, directory::Directory};
use crate::{
    domain::{
        outbox::{JobKind, ScheduledSend},
        scheduled_messages::{SCHEDULED, SENT},
    },
    entities::tenant::{
        job, scheduled_message,
        states::{JobStatus, TicketStatus},
        ticket,
    },
};

/// What the team promised, by hours from now (negative: already sent).
const PROMISES: &[(i64, &str)] = &[
    (20, "Bom dia! Conforme combinado, passando para confirmar a entrega do seu pedido hoje."),
    (26, "Olá! Seu boleto com o novo vencimento já está disponível. Posso enviar por aqui?"),
    (50, "Oi! O produto que você pediu voltou ao estoque. Quer que eu reserve?"),
    (74, "Bom dia! Lembrete: sua assinatura renova amanhã. Qualquer dúvida, estamos aqui."),
    (-6, "Boa tarde! Como combinado ontem, segue o código de rastreio do seu pedido."),
    (-30, "Olá! Retornando sobre a troca: já está aprovada, pode enviar o produto."),
];

/// Writes the messages; answers how many.
pub(super) async fn seed<C: ConnectionTrait>(db: &C, ctx: &mut Ctx, dir: &Directory) -> Result<u64, DbErr> {
    if scheduled_message::Entity::find().count(db).await? > 0 || dir.agents.is_empty() {
        return Ok(0);
    }
    // Customers whose last ticket is closed: the team promised to come back to them.
    let closed = ticket::Entity::find()
        .filter(ticket::Column::Status.eq(TicketStatus::Closed))
        .filter(ticket::Column::AssignedUserId.is_not_null())
        .order_by_desc(ticket::Column::Id)
        .limit(PROMISES.len() as u64)
        .all(db)
        .await?;
    let mut written = 0;
    for (found, (hours, body)) in closed.iter().zip(PROMISES) {
        let at = (ctx.now + Duration::hours(*hours)).min(ctx.now + Duration::days(365));
        let sent = *hours < 0;
        let row = scheduled_message::ActiveModel {
            customer_id: Set(found.customer_id),
            instance_id: Set(found.instance_id),
            user_id: Set(found.assigned_user_id),
            body: Set((*body).to_owned()),
            send_at: Set(at),
            status: Set(if sent { SENT } else { SCHEDULED }.to_owned()),
            cancel_if_customer_writes: Set(true),
            ticket_id: Set(sent.then_some(found.id)),
            created_at: Set(at - Duration::hours(20)),
            updated_at: Set(if sent { at } else { ctx.now }),
            ..Default::default()
        };
        let stored = scheduled_message::Entity::insert(row).exec_with_returning(db).await?;
        if !sent {
            let payload = serde_json::to_string(&ScheduledSend { scheduled_id: stored.id })
                .map_err(|err| DbErr::Custom(err.to_string()))?;
            job::Entity::insert(job::ActiveModel {
                kind: Set(ScheduledSend::KIND.to_owned()),
                payload: Set(payload),
                status: Set(JobStatus::Pending),
                attempts: Set(0),
                run_at: Set(at),
                created_at: Set(ctx.now),
                updated_at: Set(ctx.now),
                ..Default::default()
            })
            .exec(db)
            .await?;
        }
        written += 1;
    }
    Ok(written)
}
