import { PdfPool } from '../../src/modules/application-forms/pdf-pool.js';
import { sampleInput } from './sample-input.js';

// Run as the API runs (`node --import tsx`): one form through the worker pool; prints what came back.
const pool = new PdfPool({ size: 1, queueWaitMs: 1000 });
try {
  const pdf = await pool.render(sampleInput());
  console.log(
    JSON.stringify({ head: Buffer.from(pdf.subarray(0, 5)).toString('latin1'), bytes: pdf.length }),
  );
} finally {
  await pool.close();
}
