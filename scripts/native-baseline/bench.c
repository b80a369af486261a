/*
 * Native baseline for `npm run bench:parse`: the same tree-sitter C core that web-tree-sitter compiles to wasm,
 * built with the machine's C compiler, parsing the same files. Reads file paths (one a line) on stdin, parses each
 * with one reused parser, runs the tags query over the tree, and prints CPU ms per MB for each phase.
 * Not part of the build: scripts/native-baseline/run.sh compiles and runs it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <tree_sitter/api.h>

const TSLanguage *LANGUAGE_FN(void);

static double cpu_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static char *read_all(const char *path, long *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  *size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc(*size + 1);
  if (fread(buf, 1, *size, f) != (size_t)*size) *size = 0;
  fclose(f);
  return buf;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: bench TAGS_QUERY_FILE < paths\n");
    return 2;
  }
  long query_len;
  char *query_src = read_all(argv[1], &query_len);
  if (!query_src) return 2;
  TSParser *parser = ts_parser_new();
  ts_parser_set_language(parser, LANGUAGE_FN());
  uint32_t error_offset;
  TSQueryError error_type;
  double t0 = cpu_ms();
  TSQuery *query = ts_query_new(LANGUAGE_FN(), query_src, query_len, &error_offset, &error_type);
  double compile_ms = cpu_ms() - t0;
  if (!query) {
    fprintf(stderr, "tags query error %d at byte %u\n", error_type, error_offset);
    return 1;
  }
  TSQueryCursor *cursor = ts_query_cursor_new();
  char path[4096];
  double parse_ms = 0, query_ms = 0, delete_ms = 0;
  long bytes = 0, files = 0, matches = 0;
  while (fgets(path, sizeof path, stdin)) {
    path[strcspn(path, "\n")] = 0;
    long size;
    char *src = read_all(path, &size);
    if (!src) continue;
    double a = cpu_ms();
    TSTree *tree = ts_parser_parse_string(parser, NULL, src, size);
    double b = cpu_ms();
    ts_query_cursor_exec(cursor, query, ts_tree_root_node(tree));
    TSQueryMatch match;
    while (ts_query_cursor_next_match(cursor, &match)) matches++;
    double c = cpu_ms();
    ts_tree_delete(tree);
    delete_ms += cpu_ms() - c;
    parse_ms += b - a;
    query_ms += c - b;
    bytes += size;
    files++;
    free(src);
  }
  double mb = bytes / 1e6;
  if (files == 0) return 2;
  printf("native: %ld files, %.2f MB; tags query compiled in %.1f ms; %ld matches\n", files, mb, compile_ms, matches);
  printf("parse  %7.1f ms CPU per MB (%.2f MB/s)\n", parse_ms / mb, mb / (parse_ms / 1e3));
  printf("query  %7.1f ms CPU per MB\n", query_ms / mb);
  printf("delete %7.1f ms CPU per MB\n", delete_ms / mb);
  printf("total  %7.1f ms CPU per MB → %.2f MB/s, %.0f files/s on one thread\n", (parse_ms + query_ms + delete_ms) / mb,
         mb / ((parse_ms + query_ms + delete_ms) / 1e3), files / ((parse_ms + query_ms + delete_ms) / 1e3));
  return 0;
}
