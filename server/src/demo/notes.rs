//! The demo's internal notes (docs/notes.md): colleagues asking each other about open tickets,
//! some naming the ticket's owner and two naming the administrators who existed before the
//! seed, so whoever logs in to the demo finds unread mentions. Seeding again adds nothing when the
//! tenant already has notes.

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use super::{Ctx, directory::Directory};
use crate::{
    domain::conversations::messages::INTERNAL_KIND,
    entities::tenant::{
        mention, message,
        states::{Ack, TicketStatus},
        ticket, user,
    },
};

/// What colleagues write, `{owner}` standing for the ticket owner's first name.
const LINES: &[&str] = &[
    "@{owner} esse cliente já ligou duas vezes hoje, vale priorizar.",
    "@{owner} o pagamento caiu no financeiro, pode seguir com o pedido.",
    "@{owner} ele comprou o mesmo modelo mês passado, confere a garantia.",
    "@{owner} cuidado: o endereço de entrega mudou, está no cadastro novo.",
    "@{owner} estoque confirmado, pode prometer envio amanhã.",
    "@{owner} cliente pediu retorno depois das 14h.",
];

/// Writes the notes; answers how many.
pub(super) async fn seed<C: ConnectionTrait>(db: &C, ctx: &mut Ctx, dir: &Directory) -> Result<u64, DbErr> {
    let already = message::Entity::find().filter(message::Column::Kind.eq(INTERNAL_KIND)).count(db).await?;
    if already > 0 || dir.agents.len() < 2 {
        return Ok(0);
    }
    let open = ticket::Entity::find()
        .filter(ticket::Column::Status.eq(TicketStatus::Open))
        .filter(ticket::Column::AssignedUserId.is_not_null())
        .order_by_desc(ticket::Column::Id)
        .limit(LINES.len() as u64)
        .all(db)
        .await?;
    let agent_ids: Vec<i32> = dir.agents.iter().map(|a| a.id).collect();
    // The people who were there before the seed (the demo's administrator) hear of two cases.
    let managers: Vec<(i32, String)> = user::Entity::find()
        .select_only()
        .column(user::Column::Id)
        .column(user::Column::Name)
        .filter(user::Column::DeletedAt.is_null())
        .filter(user::Column::Id.is_not_in(agent_ids))
        .into_tuple()
        .all(db)
        .await?;
    let mut written = 0;
    for (index, found) in open.iter().enumerate() {
        let Some(owner) = dir.agents.iter().find(|a| Some(a.id) == found.assigned_user_id) else { continue };
        let Some(author) = dir
            .agents
            .iter()
            .find(|a| a.id != owner.id && a.instance_ids.contains(&found.instance_id))
            .or_else(|| dir.agents.iter().find(|a| a.id != owner.id))
        else {
            continue;
        };
        let named = match managers.get(index) {
            Some((id, name)) if index < 2 => (*id, name.split_whitespace().next().unwrap_or(name).to_owned()),
            _ => (owner.id, owner.first_name.clone()),
        };
        let at = (found.updated_at + ctx.seconds(20, 300)).min(ctx.now);
        let stored = message::ActiveModel {
            chat_id: Set(found.chat_id),
            ticket_id: Set(Some(found.id)),
            instance_id: Set(found.instance_id),
            user_id: Set(Some(author.id)),
            direction: Set("out".into()),
            kind: Set(INTERNAL_KIND.into()),
            body: Set(LINES[index].replace("{owner}", &named.1)),
            ack: Set(Ack::Read),
            client_id: Set(Some(format!("demo-note-{}", found.id))),
            message_type: Set("text".into()),
            sent_at: Set(at),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        };
        let stored = message::Entity::insert(stored).exec_with_returning(db).await?;
        mention::Entity::insert(mention::ActiveModel {
            message_id: Set(stored.id),
            ticket_id: Set(found.id),
            user_id: Set(named.0),
            author_id: Set(Some(author.id)),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        })
        .exec(db)
        .await?;
        written += 1;
    }
    Ok(written)
}
