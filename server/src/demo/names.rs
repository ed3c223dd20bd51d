//! Small built-in word lists the demo seed draws from: Brazilian names, area codes, cities and the
//! pt_BR phrases of a typical sales and support conversation.

/// Female first names.
pub const FIRST_NAMES_F: &[&str] = &[
    "Ana",
    "Maria",
    "Juliana",
    "Fernanda",
    "Camila",
    "Beatriz",
    "Larissa",
    "Patrícia",
    "Aline",
    "Mariana",
    "Gabriela",
    "Letícia",
    "Amanda",
    "Bruna",
    "Vanessa",
    "Renata",
    "Carolina",
    "Luana",
    "Débora",
    "Isabela",
    "Natália",
    "Priscila",
    "Tatiane",
    "Raquel",
    "Simone",
    "Cláudia",
    "Helena",
    "Sofia",
    "Alice",
    "Lúcia",
];

/// Male first names.
pub const FIRST_NAMES_M: &[&str] = &[
    "João",
    "Pedro",
    "Lucas",
    "Gabriel",
    "Rafael",
    "Felipe",
    "Gustavo",
    "Bruno",
    "Thiago",
    "Rodrigo",
    "Marcelo",
    "Eduardo",
    "Carlos",
    "André",
    "Diego",
    "Leonardo",
    "Vinícius",
    "Matheus",
    "Daniel",
    "Ricardo",
    "Fábio",
    "Paulo",
    "Luiz",
    "José",
    "Antônio",
    "Henrique",
    "Caio",
    "Renato",
    "Otávio",
    "Sérgio",
];

/// Surnames.
pub const SURNAMES: &[&str] = &[
    "Silva",
    "Santos",
    "Oliveira",
    "Souza",
    "Rodrigues",
    "Ferreira",
    "Alves",
    "Pereira",
    "Lima",
    "Gomes",
    "Costa",
    "Ribeiro",
    "Martins",
    "Carvalho",
    "Almeida",
    "Lopes",
    "Soares",
    "Fernandes",
    "Vieira",
    "Barbosa",
    "Rocha",
    "Dias",
    "Nascimento",
    "Andrade",
    "Moreira",
    "Nunes",
    "Marques",
    "Machado",
    "Mendes",
    "Freitas",
    "Cardoso",
    "Ramos",
    "Gonçalves",
    "Santana",
    "Teixeira",
    "Araújo",
    "Pinto",
    "Moraes",
    "Castro",
    "Campos",
];

/// Area codes (DDD) with the capital they serve; weights favour the large metropolitan areas.
pub const AREAS: &[(&str, &str, u32)] = &[
    ("11", "São Paulo", 30),
    ("21", "Rio de Janeiro", 15),
    ("31", "Belo Horizonte", 10),
    ("41", "Curitiba", 7),
    ("51", "Porto Alegre", 7),
    ("61", "Brasília", 6),
    ("71", "Salvador", 6),
    ("81", "Recife", 6),
    ("85", "Fortaleza", 6),
    ("92", "Manaus", 3),
    ("19", "Campinas", 4),
    ("48", "Florianópolis", 3),
    ("62", "Goiânia", 3),
    ("27", "Vitória", 2),
];

/// Free e-mail domains of customers (reserved `.example` names: nothing is ever sent).
pub const EMAIL_DOMAINS: &[&str] = &["email.example", "correio.example", "webmail.example"];

/// The customer's first words, after a greeting.
pub const OPENERS: &[&str] = &[
    "gostaria de fazer um pedido",
    "vi o anúncio de vocês no Instagram",
    "queria tirar uma dúvida sobre um produto",
    "meu pedido ainda não chegou",
    "vocês têm esse produto em estoque?",
    "preciso de ajuda com uma compra que fiz",
    "quero saber o valor do frete",
    "gostaria de trocar um produto",
    "tudo bem? Queria um orçamento",
    "o site está dando erro no pagamento",
];

/// A customer's question and the agent's answer (`{city}` and `{tracking}` are filled in).
pub const TOPICS: &[(&str, &str)] = &[
    ("Qual o prazo de entrega?", "O prazo de entrega é de 3 a 5 dias úteis para capitais."),
    ("Vocês entregam em {city}?", "Entregamos sim! O frete para {city} sai por R$ 19,90."),
    ("Quanto fica o frete para o meu CEP?", "Para o seu CEP o frete fica R$ 24,90, com entrega em até 5 dias úteis."),
    ("Aceitam Pix?", "Aceitamos Pix, boleto e cartão em até 12x sem juros."),
    ("Posso parcelar no cartão?", "Pode sim, em até 12x sem juros no cartão."),
    ("Qual o valor à vista?", "À vista no Pix você ganha 5% de desconto."),
    ("Tem na cor preta?", "Temos sim, nas cores preta, branca e azul."),
    ("E o tamanho M, ainda tem?", "Vou verificar no estoque e já te retorno, só um minuto."),
    ("Pode me mandar o link para pagamento?", "Segue o link para pagamento: https://loja.example/pagar"),
    ("Já fiz o Pix, vou mandar o comprovante.", "Recebi o comprovante, obrigado! Seu pedido já está em separação."),
    (
        "O código de rastreio não atualiza desde ontem.",
        "Verifiquei aqui: seu pedido foi enviado com o código {tracking}.",
    ),
    ("Consigo retirar na loja?", "Pode retirar na loja a partir de amanhã, das 9h às 18h."),
    ("Tem garantia?", "Todos os produtos têm garantia de 12 meses."),
    ("Vocês emitem nota fiscal?", "Emitimos nota fiscal sim, ela segue junto com o pedido."),
    ("A embalagem veio danificada.", "Sinto muito pelo transtorno! Vou abrir a troca para você agora."),
    ("Tem algum cupom de desconto?", "Com o cupom BEMVINDO10 você ganha 10% de desconto."),
    ("Meu pedido ainda não chegou, pode verificar?", "Claro! Seu pedido saiu para entrega hoje, código {tracking}."),
];

/// What customers write once their questions are answered.
pub const THANKS: &[&str] = &[
    "Entendi, obrigado!",
    "Perfeito, pode fechar então.",
    "Ok, fico no aguardo.",
    "Vou pensar e te falo.",
    "Show, muito obrigado!",
];

/// What agents write when there is nothing to answer.
pub const AGENT_FILLERS: &[&str] =
    &["Posso ajudar em algo mais?", "Já encaminhei para o setor responsável.", "Só um instante, por favor."];

/// What an agent writes before handing the ticket over.
pub const AGENT_TRANSFER: &str = "Vou transferir seu atendimento para o setor responsável, só um momento.";

/// What a customer waiting without an answer writes.
pub const WAITING_LINES: &[&str] = &[
    "Olá?",
    "Alguém pode me ajudar?",
    "Ainda estou aguardando.",
    "Oi, tem alguém aí?",
    "Preciso de uma resposta, por favor.",
];

/// What agents write when closing.
pub const AGENT_CLOSINGS: &[&str] = &[
    "Obrigado pelo contato! Tenha um ótimo dia.",
    "Qualquer dúvida é só chamar. Até logo!",
    "Foi um prazer ajudar! Vou encerrar o atendimento.",
    "Agradecemos a preferência!",
];

/// Strips the accents of a pt_BR word and lower-cases it, for e-mail addresses and usernames.
pub fn ascii_lower(value: &str) -> String {
    value
        .chars()
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'Á' | 'À' | 'Â' | 'Ã' => 'a',
            'é' | 'ê' | 'É' | 'Ê' => 'e',
            'í' | 'Í' => 'i',
            'ó' | 'ô' | 'õ' | 'Ó' | 'Ô' | 'Õ' => 'o',
            'ú' | 'ü' | 'Ú' | 'Ü' => 'u',
            'ç' | 'Ç' => 'c',
            other => other.to_ascii_lowercase(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accents_are_folded_for_addresses() {
        assert_eq!(ascii_lower("João"), "joao");
        assert_eq!(ascii_lower("Gonçalves"), "goncalves");
        assert_eq!(ascii_lower("Antônio"), "antonio");
    }
}
