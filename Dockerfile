# Folio in Debian 12 slim, from the package `make deb` makes (make dist deb, then docker build .):
#   docker run --rm -v "$PWD:/book" folio build
FROM debian:bookworm-slim
COPY dist/folio_*_amd64.deb /tmp/
RUN apt-get update \
    && apt-get install -y --no-install-recommends /tmp/folio_*_amd64.deb \
    && rm -rf /var/lib/apt/lists/* /tmp/folio_*_amd64.deb
WORKDIR /book
ENTRYPOINT ["folio"]
CMD ["--help"]
