/* Folio reader: the page-curl reader goes here.
   page.html already loads this file with defer; until the reader exists every page
   document reads on its own, with its previous / contents / next links. */
