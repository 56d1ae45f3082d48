import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input, Label, Select, Textarea } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { useHydrated } from '../../lib/hydration';

/** Spec: value = label of the five subjects. */
export const CONTACT_SUBJECTS = [
  { value: 'suporte', label: 'Suporte Técnico' },
  { value: 'duvida', label: 'Dúvida Geral' },
  { value: 'sugestao', label: 'Sugestão' },
  { value: 'parceria', label: 'Parceria' },
  { value: 'outro', label: 'Outro' },
] as const;

export const CONTACT_SEND_DELAY_MS = 1500;

const emptyForm = { name: '', email: '', subject: '', message: '' };

/**
 * The contact form. Sending is simulated (spec): after 1.5 s a confirmation toast appears
 * and the fields clear. Nothing leaves the browser.
 */
export function ContactForm() {
  const ids = { name: useId(), email: useId(), subject: useId(), message: useId() };
  // Sent by a script only: until the page is live (or without JavaScript) the button waits, so
  // a form sent early never goes out as a plain request that puts the fields in the address.
  const hydrated = useHydrated();
  const [form, setForm] = useState(emptyForm);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const update = (field: keyof typeof emptyForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    timer.current = setTimeout(() => {
      setSending(false);
      setForm(emptyForm);
      toast({ title: 'Mensagem enviada!', description: 'Entraremos em contato em breve.', variant: 'success' });
    }, CONTACT_SEND_DELAY_MS);
  }

  return (
    <form method="post" onSubmit={handleSubmit} className="space-y-5" aria-busy={sending}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={ids.name}>Nome</Label>
          <Input id={ids.name} name="name" required autoComplete="name" placeholder="Seu nome" value={form.name} onChange={update('name')} />
        </div>
        <div>
          <Label htmlFor={ids.email}>Email</Label>
          <Input
            id={ids.email}
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="voce@exemplo.com"
            value={form.email}
            onChange={update('email')}
          />
        </div>
      </div>
      <div>
        <Label htmlFor={ids.subject}>Assunto</Label>
        <Select id={ids.subject} name="subject" required value={form.subject} onChange={update('subject')}>
          <option value="" disabled>
            Selecione um assunto
          </option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject.value} value={subject.value}>
              {subject.label}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={ids.message}>Mensagem</Label>
        <Textarea
          id={ids.message}
          name="message"
          required
          rows={6}
          placeholder="Como podemos ajudar?"
          value={form.message}
          onChange={update('message')}
        />
      </div>
      <Button type="submit" size="lg" disabled={sending || !hydrated} className="w-full sm:w-auto">
        {sending ? <Spinner /> : <Send aria-hidden="true" />}
        {sending ? 'Enviando...' : 'Enviar mensagem'}
      </Button>
    </form>
  );
}
