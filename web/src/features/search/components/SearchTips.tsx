/** Before a search: what the search looks through, and how it reads what is typed. */
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageSearch } from '@tabler/icons-react';
import classes from './search.module.css';

export function SearchTips() {
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="search-tips-title">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconMessageSearch size={30} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h5" id="search-tips-title" ta="center">
          Busque nas conversas que você pode ver
        </Title>
        <Text size="sm" c="dimmed" ta="center" maw={520}>
          A busca olha os textos das mensagens, as legendas de fotos, vídeos e documentos e as anotações internas da
          equipe.
        </Text>
        <Stack gap={4} maw={520} w="100%">
          <Text size="sm" fw={600}>
            Dicas
          </Text>
          <Text size="sm" component="ul" className={classes.tips}>
            <li>Todas as palavras precisam estar na mensagem: “boleto vencido” acha as que têm as duas.</li>
            <li>Acentos e maiúsculas não importam, e o plural acha o singular: “boletos” acha “boleto”.</li>
            <li>Digite ao menos 2 caracteres; o resultado aparece enquanto você digita, ou com Enter.</li>
            <li>Clique numa mensagem encontrada para abrir a conversa nela.</li>
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}
