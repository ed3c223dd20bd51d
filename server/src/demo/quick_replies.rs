//! The demo's quick replies (docs/quick-replies.md): the answers a Brazilian shop's attendants give
//! all day, for the whole tenant and for its departments, with uses as if the team had been using
//! them. A reply already there (the same shortcut for the same owner) is left as it is.

use chrono::{DateTime, Utc};
use rand::Rng;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set, sea_query::OnConflict};

use super::{Ctx, directory::Directory};
use crate::entities::tenant::{department, quick_reply};

/// (shortcut, text) for everyone in the tenant.
const TENANT: &[(&str, &str)] = &[
    ("saudacao", "{{saudacao}}, {{primeiro_nome}}! Aqui é {{atendente}}. Como posso ajudar?"),
    ("horario", "Nosso atendimento funciona de segunda a sexta, das 8h às 18h, e aos sábados das 9h às 13h."),
    ("protocolo", "O protocolo do seu atendimento é {{protocolo}}. Guarde-o para acompanhar o pedido."),
    ("aguarde", "Só um instante, {{primeiro_nome}}: estou verificando e já retorno."),
    ("despedida", "Obrigado pelo contato, {{primeiro_nome}}! Qualquer dúvida, é só chamar. 😊"),
];

/// (department name, shortcut, text) for the default template's departments.
const BY_DEPARTMENT: &[(&str, &str, &str)] = &[
    (
        "Financeiro",
        "boleto",
        "Segue a segunda via do boleto, {{primeiro_nome}}. O pagamento compensa em até 2 dias úteis.",
    ),
    ("Financeiro", "pix", "Nossa chave Pix é o CNPJ 12.345.678/0001-90. Envie o comprovante por aqui, por favor."),
    (
        "Comercial",
        "frete",
        "Frete grátis para compras acima de R$ 199 em todo o Brasil. Abaixo disso, calculamos pelo CEP.",
    ),
    ("Comercial", "troca", "Trocas em até 30 dias com a nota fiscal. Quer que eu abra a solicitação para você?"),
    ("Suporte Técnico", "reiniciar", "Tente desligar o aparelho da tomada por 30 segundos e ligar de novo, por favor."),
    ("Atendimento", "transferir", "Vou transferir você para o setor responsável, {{primeiro_nome}}. Um momento."),
];

fn reply(
    shortcut: &str,
    body: &str,
    department: Option<i32>,
    uses: i32,
    now: DateTime<Utc>,
) -> quick_reply::ActiveModel {
    quick_reply::ActiveModel {
        shortcut: Set(shortcut.to_owned()),
        body: Set(body.to_owned()),
        scope: Set(if department.is_some() { "department" } else { "tenant" }.to_owned()),
        owner: Set(department.map_or_else(|| "tenant".to_owned(), |id| format!("department:{id}"))),
        department_id: Set(department),
        user_id: Set(None),
        uses: Set(uses),
        created_by: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

/// Writes the replies; answers how many there are now for the tenant and its departments.
pub(super) async fn seed<C: ConnectionTrait>(db: &C, ctx: &mut Ctx, dir: &Directory) -> Result<u64, DbErr> {
    let departments: Vec<(i32, String)> = department::Entity::find()
        .filter(department::Column::Id.is_in(dir.department_ids.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|d| (d.id, d.name))
        .collect();
    let mut rows: Vec<quick_reply::ActiveModel> = TENANT
        .iter()
        .map(|(shortcut, body)| reply(shortcut, body, None, ctx.rng.random_range(40..400), ctx.now))
        .collect();
    for (name, shortcut, body) in BY_DEPARTMENT {
        if let Some((id, _)) = departments.iter().find(|(_, n)| n == name) {
            rows.push(reply(shortcut, body, Some(*id), ctx.rng.random_range(10..200), ctx.now));
        }
    }
    let count = rows.len() as u64;
    quick_reply::Entity::insert_many(rows)
        .on_conflict(
            OnConflict::columns([quick_reply::Column::Owner, quick_reply::Column::Shortcut]).do_nothing().to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(count)
}
