//! Meta's error codes (Graph API answers and `failed` statuses) turned into what an agent reads,
//! and whether another attempt may succeed. The codes are Meta's documented ones (Cloud API "Error
//! codes"); an unknown code keeps Meta's own details so nothing is hidden.

/// What a Meta error means here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explained {
    /// In pt_BR, for the agent (the message's failure, a job's reason).
    pub reason: String,
    /// Meta says to try again later (throttling, a passing outage).
    pub retryable: bool,
}

/// Codes Meta documents as passing: throttling and temporary outages.
const RETRYABLE: &[i64] = &[1, 2, 4, 80007, 130429, 131000, 131016, 131056, 131057, 133004];

/// Explains Meta's error `code`; `details` (Meta's `error_data.details`, English) is kept for
/// the codes whose reason depends on it.
pub fn explain(code: i64, details: Option<&str>) -> Explained {
    let details = details.map(str::trim).filter(|d| !d.is_empty());
    let with_details = |text: &str| match details {
        Some(details) => format!("{text} ({details})"),
        None => text.to_owned(),
    };
    let reason = match code {
        131047 => {
            "Passaram mais de 24 horas desde a última mensagem do cliente: só um modelo aprovado reabre a conversa"
                .to_owned()
        }
        131026 => {
            "O WhatsApp não entregou a mensagem: o número pode não ter WhatsApp, ter bloqueado a empresa ou usar \
                   uma versão antiga do aplicativo"
                .to_owned()
        }
        131049 => "A Meta não entregou esta mensagem de marketing para preservar o engajamento do cliente".to_owned(),
        131050 => "O cliente pediu para não receber mensagens de marketing".to_owned(),
        130472 => "O número do cliente faz parte de um experimento da Meta e não recebe esta mensagem".to_owned(),
        131051 => "Tipo de mensagem não suportado pelo WhatsApp".to_owned(),
        131052 => "A Meta não conseguiu baixar a mídia enviada pelo cliente".to_owned(),
        131053 => with_details("A Meta não conseguiu baixar ou processar a mídia enviada"),
        131048 => "Limite de envio por spam atingido: a qualidade do número caiu (veja o WhatsApp Manager)".to_owned(),
        130429 => "Limite de envio da API da Meta atingido".to_owned(),
        131056 => "Muitas mensagens seguidas para o mesmo cliente".to_owned(),
        80007 | 4 => "Limite de chamadas à API da Meta atingido".to_owned(),
        131000 | 1 | 2 => "Erro temporário na Meta".to_owned(),
        131016 | 133004 => "Serviço da Meta indisponível no momento".to_owned(),
        131057 => "A conta do WhatsApp Business está em manutenção".to_owned(),
        190 => "O token de acesso expirou ou foi revogado: informe um novo token na instância".to_owned(),
        10 | 200..=299 => {
            "O token de acesso não tem permissão para este número (whatsapp_business_messaging)".to_owned()
        }
        100 => with_details("A Meta recusou um parâmetro da mensagem"),
        131008 => with_details("Falta um parâmetro obrigatório"),
        131009 => with_details("Valor de parâmetro inválido"),
        131021 => "O remetente e o destinatário são o mesmo número".to_owned(),
        131031 => "A conta do WhatsApp Business foi bloqueada pela Meta".to_owned(),
        131042 => "Problema de pagamento na conta do WhatsApp Business: verifique a forma de pagamento".to_owned(),
        131045 | 133010 => "O número não está registrado na Cloud API".to_owned(),
        132000 => "A quantidade de parâmetros não corresponde ao modelo".to_owned(),
        132001 => "O modelo não existe neste idioma ou ainda não foi aprovado".to_owned(),
        132005 => "O texto do modelo com os parâmetros ficou longo demais".to_owned(),
        132007 => "O conteúdo do modelo viola uma política do WhatsApp".to_owned(),
        132012 => with_details("Um parâmetro do modelo está no formato errado"),
        132015 => "O modelo foi pausado pela Meta por baixa qualidade".to_owned(),
        132016 => "O modelo foi desativado pela Meta por baixa qualidade".to_owned(),
        368 => "A conta foi bloqueada temporariamente por violar políticas da Meta".to_owned(),
        _ => match details {
            Some(details) => format!("A Meta recusou a mensagem (código {code}: {details})"),
            None => format!("A Meta recusou a mensagem (código {code})"),
        },
    };
    Explained { reason, retryable: RETRYABLE.contains(&code) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn throttling_is_retried_and_a_closed_window_is_not() {
        assert!(explain(130429, None).retryable);
        assert!(explain(131056, None).retryable);
        let closed = explain(131047, Some("Message failed to send because more than 24 hours have passed"));
        assert!(!closed.retryable);
        assert!(closed.reason.contains("24 horas"), "{}", closed.reason);
    }

    #[test]
    fn an_unknown_code_keeps_metas_details() {
        let unknown = explain(999_999, Some("Something new"));
        assert_eq!(unknown.reason, "A Meta recusou a mensagem (código 999999: Something new)");
        assert!(!unknown.retryable);
    }
}
