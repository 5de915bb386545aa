import { Download, FileText, Trash2, Upload } from 'lucide-react';
import { useRef } from 'react';
import {
  CONTRACT_DOCUMENT_ACCEPT,
  CONTRACT_DOCUMENT_MAX_BYTES,
  type Contract,
} from '@common/contracts/contracts';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useDeleteContractDocument } from '../api/delete-contract-document';
import { documentUrl, useUploadContractDocument } from '../api/upload-contract-document';

const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A contract's files: download (members only, served as attachments), upload and delete. */
export function ContractDocuments({ contract, canWrite }: { contract: Contract; canWrite: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadContractDocument();
  const remove = useDeleteContractDocument();

  const onFiles = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      if (file.size > CONTRACT_DOCUMENT_MAX_BYTES) {
        toast({
          variant: 'destructive',
          title: `${file.name} is too large`,
          description: 'Documents can be at most 20 MB.',
        });
        continue;
      }
      upload.mutate(
        { contractId: contract.id, file },
        {
          onSuccess: () => toast({ variant: 'success', title: `${file.name} uploaded` }),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: `Could not upload ${file.name}`,
              description: errorMessage(error),
            }),
        },
      );
    }
    if (input.current) input.current.value = '';
  };

  return (
    <div className="grid gap-2">
      {contract.documents.length > 0 && (
        <ul className="grid gap-1" aria-label={`Documents of ${contract.title}`}>
          {contract.documents.map((doc) => (
            <li
              key={doc.id}
              className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted/60"
            >
              <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <a
                href={documentUrl(contract.id, doc.id)}
                download
                className="min-w-0 truncate font-medium hover:underline"
              >
                {doc.fileName}
              </a>
              <span className="shrink-0 text-xs text-muted-foreground">
                {sizeText(doc.sizeBytes)} · {formatDate(doc.createdAt)}
              </span>
              <span className="ml-auto flex shrink-0 gap-1">
                <Button variant="ghost" size="icon-sm" asChild>
                  <a href={documentUrl(contract.id, doc.id)} download aria-label={`Download ${doc.fileName}`}>
                    <Download />
                  </a>
                </Button>
                {canWrite && (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Delete ${doc.fileName}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(
                        { contractId: contract.id, documentId: doc.id },
                        {
                          onError: (error) =>
                            toast({
                              variant: 'destructive',
                              title: 'Could not delete',
                              description: errorMessage(error),
                            }),
                        },
                      )
                    }
                  >
                    <Trash2 />
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <div>
          <input
            ref={input}
            type="file"
            multiple
            accept={CONTRACT_DOCUMENT_ACCEPT}
            className="sr-only"
            aria-label={`Upload a document to ${contract.title}`}
            onChange={(e) => onFiles(e.target.files)}
          />
          <Button
            variant="outline"
            size="sm"
            disabled={upload.isPending}
            onClick={() => input.current?.click()}
          >
            <Upload />
            {upload.isPending ? 'Uploading…' : 'Upload document'}
          </Button>
          <span className="ml-2 text-xs text-muted-foreground">
            PDF, images or office files, up to 20 MB.
          </span>
        </div>
      )}
    </div>
  );
}
