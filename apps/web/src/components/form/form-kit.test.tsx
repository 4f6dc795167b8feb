import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { FormProvider } from 'react-hook-form';
import { zNumber, zRequiredText } from '@aquasmart/domain';
import { HttpError } from '../../lib/http/http-error';
import { FormTextField } from './form-text-field';
import { applyServerErrors } from './server-errors';
import { useZodForm } from './use-zod-form';

const ZExample = z.object({ name: zRequiredText(), reference: zRequiredText() });
const ZInterval = z.object({ name: zRequiredText(), interval: zNumber({ min: 1, max: 60, integer: true }) });

let submitted: unknown = null;
let serverError: unknown = null;

function ExampleForm() {
  const form = useZodForm(ZExample, { defaultValues: { name: '', reference: '' } });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          submitted = values;
          if (serverError) applyServerErrors(serverError, form.setError, ['name', 'reference']);
        })}
      >
        <FormTextField name="name" label="Naam" />
        <FormTextField name="reference" label="Referentie" helperText="Uw kenmerk" />
        <button type="submit">Opslaan</button>
      </form>
    </FormProvider>
  );
}

function IntervalForm() {
  const form = useZodForm(ZInterval, { defaultValues: { name: 'a', interval: 61 } });
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
      <FormTextField control={form.control} name="name" label="Naam" />
      <span>{form.formState.errors.interval?.message}</span>
      <button type="submit">Opslaan</button>
    </form>
  );
}

describe('the form kit', () => {
  it('translates required messages and shows helper texts', async () => {
    const user = userEvent.setup();
    render(<ExampleForm />);
    expect(screen.getByText('Uw kenmerk')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findAllByText('Veld is verplicht')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Naam' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('trims text when the field loses focus and submits the trimmed value', async () => {
    const user = userEvent.setup();
    submitted = null;
    serverError = null;
    render(<ExampleForm />);
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Naam' });
    await user.type(name, '  Gemeente Utrecht  ');
    await user.tab();
    expect(name.value).toBe('Gemeente Utrecht');
    await user.type(screen.getByRole('textbox', { name: 'Referentie' }), 'R-1');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(submitted).toEqual({ name: 'Gemeente Utrecht', reference: 'R-1' }));
  });

  it('keeps parameters of message keys (validation.range?min=1&max=60)', async () => {
    const user = userEvent.setup();
    render(<IntervalForm />);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('validation.range?min=1&max=60')).toBeTruthy();
  });

  it('puts the server field errors on the fields', async () => {
    const user = userEvent.setup();
    serverError = new HttpError(400, 'POST', '/api/v1/customers', {
      statusCode: 400,
      error: 'Bad Request',
      message: 'invalid',
      fields: { name: 'validation.tooLong?max=200', 'endpoint.url': 'validation.required' },
    });
    render(<ExampleForm />);
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'x');
    await user.type(screen.getByRole('textbox', { name: 'Referentie' }), 'y');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Maximaal 200 tekens')).toBeTruthy();
    serverError = null;
  });

  it('ignores errors that are not HTTP errors', () => {
    expect(applyServerErrors(new Error('x'), () => undefined)).toBe(0);
  });
});
