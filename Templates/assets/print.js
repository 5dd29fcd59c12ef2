/* Print: print.html, every page of the book in one document at the page's size, loaded into a
   hidden frame only when the Print button is pressed, and printed once its faces and images are in:
   a page printed in a fallback face would break its lines elsewhere. Imported by reader.js. */
let frame;

export function print(url) {
  frame?.remove();
  frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;top:0;left:0;width:0;height:0;border:0;visibility:hidden';
  frame.onload = async () => {
    const printed = frame.contentDocument;
    await Promise.all([...printed.fonts].map((face) => face.load().catch(() => {})));
    await Promise.all([...printed.images].map((image) => image.decode().catch(() => {})));
    frame.contentWindow.print();
  };
  frame.src = url;
  document.body.append(frame);
}
