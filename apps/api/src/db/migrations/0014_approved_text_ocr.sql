-- Whether a norm's approved text was recognised by OCR from a scanned PDF (tesseract, DESIGN.md section 6)
-- rather than read from the PDF's text layer: its public page says the text was recognised automatically.
ALTER TABLE "regulations" ADD COLUMN "approved_text_ocr" boolean DEFAULT false NOT NULL;
