//! Small built-in word lists the demo seed draws from: Brazilian names, area codes, cities and the
//! pt_BR phrases of a typical sales and support conversation.

/// Female first names.
pub const FIRST_NAMES_F: &[&str] = &[
    "Ana", "Maria", "Juliana", "Fernanda", "Camila", "Beatriz", "Larissa", "Patrícia", "Aline",
    "Mariana", "Gabriela", "Letícia", "Amanda", "Bruna", "Vanessa", "Renata", "Carolina", "Luana",
    "Débora", "Isabela", "Natália", "Priscila", "Tatiane", "Raquel", "Simone", "Cláudia", "Helena",
    "Sofia", "Alice", "Lúcia",
];

/// Male first names.
pub const FIRST_NAMES_M: &[&str] = &[
    "João", "Pedro", "Lucas", "Gabriel", "Rafael", "Felipe", "Gustavo", "Bruno", "Thiago",
    "Rodrigo", "Marcelo", "Eduardo", "Carlos", "André", "Diego", "Leonardo", "Vinícius", "Matheus",
    "Daniel", "Ricardo", "Fábio", "Paulo", "Luiz", "José", "Antônio", "Henrique", "Caio", "Renato",
    "Otávio", "Sérgio",
];

/// Surnames.
pub const SURNAMES: &[&str] = &[
    "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima",
    "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes",
    "Vieira", "Barbosa", "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques",
    "Machado", "Mendes", "Freitas", "Cardoso", "Ramos", "Gonçalves", "Santana", "Teixeira",
    "Araújo", "Pinto", "Moraes", "Castro", "Campos",
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

/// What customers ask or say during the conversation.
pub const CUSTOMER_LINES: &[&str] = &[
    "Qual o prazo de entrega?",
    "Vocês entregam em {city}?",
    "Quanto fica o frete para o meu CEP?",
    "Aceitam Pix?",
    "Posso parcelar no cartão?",
    "Tem na cor preta?",
    "E o tamanho M, ainda tem?",
    "Qual o valor à vista?",
    "Pode me mandar o link para pagamento?",
    "Já fiz o Pix, vou mandar o comprovante.",
    "O código de rastreio não atualiza desde ontem.",
    "Consigo retirar na loja?",
    "Tem garantia?",
    "Vocês emitem nota fiscal?",
    "Perfeito, pode fechar então.",
    "Vou pensar e te falo.",
    "Entendi, obrigado!",
    "Ok, fico no aguardo.",
    "Tem algum cupom de desconto?",
    "A embalagem veio danificada.",
];

/// What a customer waiting without an answer writes.
pub const WAITING_LINES: &[&str] = &[
    "Olá?",
    "Alguém pode me ajudar?",
    "Ainda estou aguardando.",
    "Oi, tem alguém aí?",
    "Preciso de uma resposta, por favor.",
];

/// What agents answer during the conversation.
pub const AGENT_LINES: &[&str] = &[
    "O prazo de entrega é de 3 a 5 dias úteis para capitais.",
    "Entregamos sim! O frete para {city} sai por R$ 19,90.",
    "Aceitamos Pix, boleto e cartão em até 12x sem juros.",
    "Vou verificar no estoque e já te retorno, só um minuto.",
    "Temos sim, nas cores preta, branca e azul.",
    "Segue o link para pagamento: https://loja.example/pagar",
    "Recebi o comprovante, obrigado! Seu pedido já está em separação.",
    "Seu pedido foi enviado. O código de rastreio é {tracking}.",
    "Pode retirar na loja a partir de amanhã, das 9h às 18h.",
    "Todos os produtos têm garantia de 12 meses.",
    "Emitimos nota fiscal sim, ela segue junto com o pedido.",
    "Sinto muito pelo transtorno! Vou abrir a troca para você agora.",
    "Com o cupom BEMVINDO10 você ganha 10% de desconto.",
    "Posso ajudar em algo mais?",
    "Já encaminhei para o setor responsável.",
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
