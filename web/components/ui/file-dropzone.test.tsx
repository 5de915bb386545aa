// @vitest-environment jsdom
import '@/test/dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileDropzone } from './file-dropzone';

const props = { label: 'CSV file', title: 'Drop a CSV here', hint: 'up to 10 bytes', accept: '.csv' };

describe('FileDropzone', () => {
  it('hands over a chosen file, and refuses one over the limit with its message', async () => {
    const onFile = vi.fn();
    const u = userEvent.setup();
    render(<FileDropzone {...props} maxBytes={10} tooLarge="The file is larger than 10 bytes." onFile={onFile} />);
    await u.upload(screen.getByLabelText('CSV file'), new File(['a,b\n1,2'], 'ok.csv', { type: 'text/csv' }));
    expect(onFile).toHaveBeenCalledWith(expect.objectContaining({ name: 'ok.csv' }));
    await u.upload(screen.getByLabelText('CSV file'), new File(['x'.repeat(11)], 'big.csv', { type: 'text/csv' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The file is larger than 10 bytes.');
    expect(onFile).toHaveBeenCalledTimes(1);
  });

  it('takes nothing while disabled', () => {
    render(<FileDropzone {...props} disabled onFile={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Drop a CSV here/ })).toBeDisabled();
    expect(screen.getByLabelText('CSV file')).toBeDisabled();
  });
});
