import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TUploadState } from '../../components/forms/upload-slot';
import { uploadFile, uploadRefusal } from '../../lib/upload';
import { refreshStatuses } from './status-api';

type TUploadSlotOptions = {
  /** Where the picked file is posted (multipart, field `file`). */
  url: string;
  /** The slot starts as uploaded (it holds a file already: the slot then offers Replace). */
  uploaded: boolean;
  /** The stored file's name, shown until a new one is picked. */
  storedName: string | null;
  /** What the slot says when the upload fails without a refusal the server explained. */
  failedText: string;
};

/**
 * The upload state machine of the status card's slots (a document request's answer, issue 12; an
 * offer condition's evidence, issue 22): empty or uploaded, then uploading with its progress, then
 * uploaded (every status read again) or an error. Returns UploadSlot's props but its label.
 */
export function useUploadSlot({ url, uploaded, storedName, failedText }: TUploadSlotOptions) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<TUploadState>(uploaded ? 'uploaded' : 'empty');
  const [progress, setProgress] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (picked: File) => {
    setFile(picked);
    setState('uploading');
    setProgress(0);
    setError(null);
    const form = new FormData();
    form.append('file', picked, picked.name);
    try {
      await uploadFile(url, form, { onProgress: setProgress });
      setState('uploaded');
      await refreshStatuses(queryClient);
    } catch (err) {
      setState('error');
      setError(uploadRefusal(err) ?? failedText);
    }
  };

  return {
    state,
    progress,
    fileName: file?.name ?? storedName,
    fileSize: file?.size,
    error,
    onFile: (picked: File) => void send(picked),
  };
}
